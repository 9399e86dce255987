// Simple recursion.
int64 fact(int n) { if (n <= 1) return 1; return n * fact(n - 1); }
int fib(int n) { if (n < 2) return n; return fib(n - 1) + fib(n - 2); }
void main() {
  print("" + fact(10) + " " + fact(20) + "\n");
  print("" + fib(20) + "\n");
}

// expect: 3628800 2432902008176640000
// expect: 6765
