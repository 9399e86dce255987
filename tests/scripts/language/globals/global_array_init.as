// Global arrays with initialiser lists.
array<int> primes = {2, 3, 5, 7};
array<string> names = {"a", "b"};
void main() {
  print("" + primes.length() + " " + primes[3] + " " + names[1] + "\n");
  primes.insertLast(11);
  print("" + primes.length() + "\n");
}

// expect: 4 7 b
// expect: 5
