// Setting the last handle to null destroys the object immediately.
class D {
  ~D() { print("destroyed\n"); }
}
void main() {
  D@ h = D();
  D@ h2 = h;
  print("release first\n");
  @h = null;
  print("release second\n");
  @h2 = null;
  print("end\n");
}

// expect: release first
// expect: release second
// expect: destroyed
// expect: end
