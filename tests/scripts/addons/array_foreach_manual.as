// Iterating with a uint index and modifying through the index operator.
void main() {
  array<int> a = {1, 2, 3, 4};
  for (uint i = 0; i < a.length(); i++) a[i] *= a[i];
  int sum = 0;
  for (uint i = 0; i < a.length(); i++) sum += a[i];
  print("" + sum + "\n");
}

// expect: 30
