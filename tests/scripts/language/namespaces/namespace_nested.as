// Nested namespaces.
namespace outer {
  int v = 1;
  namespace inner {
    int v = 2;
    int get() { return v; }
  }
  int get() { return v; }
}
void main() {
  print("" + outer::v + " " + outer::inner::v + "\n");
  print("" + outer::get() + " " + outer::inner::get() + "\n");
}

// expect: 1 2
// expect: 1 2
