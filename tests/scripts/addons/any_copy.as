// any is a reference type; assignment copies the stored value.
void main() {
  any a(10);
  any b;
  b = a;
  a.store(20);
  int64 x = 0, y = 0;
  a.retrieve(x);
  b.retrieve(y);
  print("" + x + " " + y + "\n");
  any@ h = a;
  h.store(30);
  a.retrieve(x);
  print("" + x + "\n");
}

// expect: 20 10
// expect: 30
