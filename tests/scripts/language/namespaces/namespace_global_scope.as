// Inside a namespace, ::name refers to the global scope and an unqualified name to the closest scope.
int x = 100;
int f() { return 1; }
namespace ns {
  int x = 200;
  int f() { return 2; }
  void show() {
    print("" + x + " " + ::x + " " + f() + " " + ::f() + "\n");
  }
}
void main() {
  ns::show();
}

// expect: 200 100 2 1
