// Handles compared with null in conditions and ternaries.
class C { int v = 4; }
C@ find(bool ok) { return ok ? C() : null; }
void main() {
  C@ a = find(true);
  C@ b = find(false);
  if (a !is null) print("a found " + a.v + "\n");
  if (b is null) print("b not found\n");
}

// expect: a found 4
// expect: b not found
