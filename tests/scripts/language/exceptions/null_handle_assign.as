// Explicitly nulled handle.
void main() {
  array<int> arr = {1};
  array<int>@ h = arr;
  print("" + h[0] + "\n");
  @h = null;
  h.insertLast(2);
}

// expect: 1
// expect-exception: Null pointer access
