// A global string initialiser that reads a string global declared later.
int trace(string name) { print("init " + name + "\n"); return 0; }
int x = trace("x");
string greeting = prefix + "world";
string prefix = "hello ";
void main() {
  print("[" + greeting + "] [" + prefix + "]\n");
}

// expect: init x
// expect: [hello world] [hello ]
