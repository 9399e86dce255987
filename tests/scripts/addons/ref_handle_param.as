// ref@ (a handle of an AS_OBJ_ASHANDLE type) initialised from objects, passed as a parameter.
class C {}
bool isnull(ref@ r) { return r is null; }
void main() {
  C a;
  ref@ r1 = a;
  ref@ r2 = C();
  print("" + (r1 is a) + " " + isnull(r2) + " " + isnull(null) + "\n");
}

// expect: true false true
