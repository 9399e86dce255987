// Sorting an array with a lambda comparator.
void main() {
  array<int> a = {5, 1, 4, 2, 3};
  a.sort(function(a, b) { return a > b; });
  string s;
  for (uint i = 0; i < a.length(); i++) s += a[i];
  print(s + "\n");
}

// expect: 54321
