// A funcdef named without @ (member): there are no function values, only handles.
funcdef void CB();
class C { CB m; }
void main() {}
// expect-error: 3 Data type can't be 'CB'
