// Enums in namespaces: ns::Enum::Value and ns::Value.
namespace ns {
  enum Kind { First = 1, Second }
  Kind pick() { return Second; }
}
void main() {
  ns::Kind k = ns::pick();
  print("" + k + " " + (k == ns::Kind::Second) + " " + (k == ns::Second) + "\n");
}

// expect: 2 true true
