// A funcdef named without @ (param): there are no function values, only handles.
funcdef void CB();
void set_callback(CB cb) { }
void main() {}
// expect-error: 3 Parameter type can't be 'CB', because the type cannot be instantiated.
