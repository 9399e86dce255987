// Dependency ordering observed through side effects: b is initialised before a because a's
// initialiser reads b; s2 before s1 likewise.
int trace(string name, int v) { print("init " + name + "\n"); return v; }
int a = trace("a", b + 1);
int b = trace("b", 10);
string s1 = "" + trace("s1", 0) + s2 + "!";
string s2 = "x" + trace("s2", 0);
void main() {
  print("" + a + " " + b + " [" + s1 + "] " + s2 + "\n");
}

// expect: init b
// expect: init a
// expect: init s2
// expect: init s1
// expect: 11 10 [0x0!] x0
