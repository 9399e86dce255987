// A name in a sibling namespace is not found without qualification.
namespace a { int onlyInA = 1; }
namespace b {
  int get() { return onlyInA; }
}
void main() {
  print("" + b::get() + "\n");
}

// expect-error: 4 No matching symbol 'onlyInA'
