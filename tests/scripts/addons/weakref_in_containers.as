// Weak references and ref stored by value in a dictionary or an any come back as handles through
// their cast methods: weakref's T@ opImplCast, const_weakref's const T@ opImplCast, ref's
// opCast(?&out). Asked for an unrelated type they give null.
class C { int v = 4; }
class D {}
void main() {
  C c;
  weakref<C> w(c);
  dictionary dict;
  dict.set("w", w);
  C@ h;
  print("" + dict.get("w", @h) + " " + (h is c) + "\n");
  D@ dd;
  print("" + dict.get("w", @dd) + " " + (dd is null) + "\n");
  any a(w);
  @h = null;
  print("" + a.retrieve(@h) + " " + (h is c) + "\n");
  ref r(@c);
  dict.set("r", r);
  @h = null;
  print("" + dict.get("r", @h) + " " + (h is c) + "\n");
  @dd = null;
  print("" + dict.get("r", @dd) + " " + (dd is null) + "\n");
  const_weakref<C> cw(c);
  dict.set("cw", cw);
  const C@ ch;
  print("" + dict.get("cw", @ch) + " " + (ch is c) + "\n");
  @h = null;
  print("" + dict.get("cw", @h) + " " + (h is c) + "\n");
}

// expect: true true
// expect: true true
// expect: true true
// expect: true true
// expect: true true
// expect: true true
// expect: true true
