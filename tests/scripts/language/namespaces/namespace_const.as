// const values in namespaces used as case labels.
namespace k { const int ONE = 1; const int TWO = 2; }
void main() {
  int x = 2;
  switch (x) {
    case k::ONE: print("one\n"); break;
    case k::TWO: print("two\n"); break;
  }
}

// expect: two
