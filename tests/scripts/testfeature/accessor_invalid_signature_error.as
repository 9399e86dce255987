// An accessor declared as a function (test_getset L227): get_ returns a value and takes no
// parameter or an index, set_ returns void and takes the value (after an index); a function
// marked property must be named get_ or set_.
int get_ok(int i) property { return i; }
void set_ok(int i, int v) property {}
int set_x(int) property { return 0; }
// expect-error: 6 Invalid signature for virtual property
void main() {}
