// string: operator methods called by name (opCmp, opEquals, opAdd, opAddAssign, opAssign, opAdd_r),
// methods on literals and temporaries.
void main() {
  string a = "abc", b = "abd";
  print(a.opCmp(b) + " " + b.opCmp(a) + " " + a.opCmp(a) + " " + a.opEquals(b) + "\n");
  string c = a.opAdd(b); print(c + "\n");
  c.opAddAssign("!"); print(c + "\n");
  c.opAssign("z"); print(c + "\n");
  print("abc".substr(1) + " " + ("a" + "b").length() + " " + "hello".findFirst("l") + "\n");
  print(a.opAdd(5) + " " + a.opAdd_r(1.5) + "\n");
}

// expect: -1 1 0 false
// expect: abcabd
// expect: abcabd!
// expect: z
// expect: bc 2 2
// expect: abc5 1.5abc
