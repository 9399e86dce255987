// Constructing a ref from an object or a handle picks the constructor ref(const ?&in).
class C {}
void main() {
  C a;
  ref r(a);
  ref h(@a);
  print("" + (r == h) + " " + (r == @a) + "\n");
}

// expect: true true
