// h = obj (without @) assigns the value to the object the handle refers to.
class C { int v = 0; }
void main() {
  C a, b;
  b.v = 5;
  C@ h = a;
  h = b;
  print("" + a.v + " " + (h is a) + "\n");
  @h = b;
  print("" + (h is b) + "\n");
}

// expect: 5 true
// expect: true
