// engine-property: BOOL_CONVERSION_MODE=1
// reference: 2.38 (asEP_BOOL_CONVERSION_MODE is 2.38's)
// The contextual conversion to bool takes opImplConv first; without one returning bool, an
// explicit opConv returning bool serves too (also for a dictionary value). A null handle used as
// a condition is a null pointer access.
class Both {
  bool opImplConv() const { print("implicit\n"); return true; }
  bool opConv() const { print("explicit\n"); return false; }
}
class IntImpl {
  int opImplConv() const { print("int\n"); return 1; }
  bool opConv() const { print("explicit\n"); return false; }
}
class Explicit { bool opConv() const { print("explicit only\n"); return true; } }
void main() {
  Both b; IntImpl i; Explicit e;
  if (b) print("b\n");
  if (i) print("i\n"); else print("!i\n");
  if (e && !false) print("e\n");
  dictionary d;
  d["on"] = true;
  if (d["on"]) print("on\n");
  Explicit@ none;
  if (none) print("not reached\n");
}
// expect: implicit
// expect: b
// expect: explicit
// expect: !i
// expect: explicit only
// expect: e
// expect: on
// expect-exception: Null pointer access
