// Initialisation order observed through side effects of initialiser functions.
int trace(string name, int v) { print("init " + name + "\n"); return v; }
int a = trace("a", 1);
int b = trace("b", a + 1);
int c = trace("c", b + 1);
void main() {
  print("" + a + " " + b + " " + c + "\n");
}

// expect: init a
// expect: init b
// expect: init c
// expect: 1 2 3
