// A funcdef named without @ (return): there are no function values, only handles.
funcdef void CB();
CB get() { return null; }
void main() {}
// expect-error: 3 Return type can't be 'CB'
