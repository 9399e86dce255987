// A funcdef named without @ (local): there are no function values, only handles.
funcdef void CB();
void f() { CB x; }
void main() {}
// expect-error: 3 Data type can't be 'CB'
