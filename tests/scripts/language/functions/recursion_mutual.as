// Mutual recursion; functions may be used before they are declared.
bool isEven(uint n) { if (n == 0) return true; return isOdd(n - 1); }
bool isOdd(uint n) { if (n == 0) return false; return isEven(n - 1); }
void main() {
  print("" + isEven(10) + " " + isOdd(7) + " " + isEven(7) + "\n");
  print("" + later(3) + "\n");
}
int later(int x) { return x * 2; }

// expect: true true false
// expect: 6
