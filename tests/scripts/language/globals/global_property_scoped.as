// A global virtual property named with its scope: ::foo, nm::bar.
int get_foo() property { return 42; }
namespace nm {
  int get_bar() property { return 7; }
}
void main() {
  print("" + ::foo + " " + nm::bar + "\n");
}
// expect: 42 7
