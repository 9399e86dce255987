// Code in a namespace finds names from enclosing namespaces and the global scope.
int globalVal = 7;
namespace outer {
  int outerVal = 8;
  namespace inner {
    int total() { return globalVal + outerVal; }
  }
}
void main() {
  print("" + outer::inner::total() + "\n");
}

// expect: 15
