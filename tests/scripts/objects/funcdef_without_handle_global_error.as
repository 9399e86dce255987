// A funcdef named without @ (global): there are no function values, only handles.
funcdef void CB();
CB glob;
void main() {}
// expect-error: 3 Data type can't be 'CB'
