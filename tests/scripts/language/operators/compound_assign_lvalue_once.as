// The left side of a compound assignment is evaluated once.
int calls = 0;
array<int> arr = {1, 2, 3};
int idx() { calls++; return 1; }
void main() {
  arr[idx()] += 10;
  print("" + arr[1] + " calls " + calls + "\n");
  arr[idx()] *= 2;
  print("" + arr[1] + " calls " + calls + "\n");
}

// expect: 12 calls 1
// expect: 24 calls 2
