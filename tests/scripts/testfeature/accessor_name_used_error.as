// A virtual property takes its name: an accessor declared after a function or type of that name
// is reported (a variable of that name is not).
int foo;
int get_foo() property { return 0; }
class bar {}
int get_bar() property { return 0; }
// expect-error: 6 Name conflict. 'bar' is already used.
void main() {}
