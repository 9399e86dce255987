// The same name in two namespaces and at global scope.
int value() { return 0; }
namespace a { int value() { return 1; } }
namespace b { int value() { return 2; } }
void main() {
  print("" + value() + " " + a::value() + " " + b::value() + " " + ::value() + "\n");
}

// expect: 0 1 2 0
