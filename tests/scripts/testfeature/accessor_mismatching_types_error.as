// The getter's value type and the setter's (its last parameter) must agree; the later accessor
// is compared with the first of the other kind and reported. References and the constness of a
// value don't count, that of a handle's object does.
class F {}
F@ get_h() property { return null; }
void set_h(F h) property {}
string get_s() property { return ""; }
void set_s(const string &in s) property {}
int get_a() property { return 0; }
void set_a(float) property {}
// expect-error: 10 The property 'a' has mismatching types for the get and set accessors
void main() {}
