// A function declared after a virtual property of its name is reported.
int get_foo2() property { return 0; }
void foo2() {}
// expect-error: 3 Name conflict. 'foo2' is a virtual property.
void main() {}
