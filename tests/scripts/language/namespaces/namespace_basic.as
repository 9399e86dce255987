// Functions and variables in a namespace, accessed with ns::name.
namespace util {
  int counter = 0;
  int twice(int x) { return x * 2; }
  void bump() { counter++; }
}
void main() {
  print("" + util::twice(21) + "\n");
  util::bump();
  util::bump();
  print("" + util::counter + "\n");
  util::counter = 10;
  print("" + util::counter + "\n");
}

// expect: 42
// expect: 2
// expect: 10
