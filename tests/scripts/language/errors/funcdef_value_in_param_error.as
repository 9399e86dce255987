// `A&in` and `A&out` of a funcdef without @ are declared, then refused when the function is
// compiled: "Parameter type can't be 'A&in', because the type cannot be instantiated.".
funcdef void A();
void cb() {}
void D(A&in e) { print("D\n"); }
void main() { D(cb); }
// expect-error: 5 Parameter type can't be 'A&in', because the type cannot be instantiated.
