// A function name in the current namespace hides the global overloads: f("x") finds only ns::f(int).
void f(string s) { print("global string\n"); }
namespace ns {
  void f(int i) { print("ns int\n"); }
  void test() {
    f("x");
  }
}
void main() {
  ns::test();
}

// expect-error: 6 No matching signatures to 'f(const string)'
