// A namespace can be reopened; both parts share the scope.
namespace ns {
  int a = 1;
}
namespace ns {
  int b = a + 1;
  int sum() { return a + b; }
}
void main() {
  print("" + ns::a + " " + ns::b + " " + ns::sum() + "\n");
}

// expect: 1 2 3
