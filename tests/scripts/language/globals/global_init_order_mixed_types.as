// Primitive globals (even with function-call initialisers) are initialised before string globals.
int trace(string name, int v) { print("init " + name + "\n"); return v; }
string s1 = "s" + trace("s1", 1);
int i1 = trace("i1", 2);
string s2 = "t" + trace("s2", 3);
int i2 = trace("i2", 4);
void main() {
  print(s1 + " " + i1 + " " + s2 + " " + i2 + "\n");
}

// expect: init i1
// expect: init i2
// expect: init s1
// expect: init s2
// expect: s1 2 t3 4
