// Inside a namespace the local overload is found first; ::f reaches the global one.
void f(string s) { print("global string\n"); }
namespace ns {
  void f(int i) { print("ns int\n"); }
  void test() {
    f(1);
    ::f("x");
  }
}
void main() {
  ns::test();
}

// expect: ns int
// expect: global string
