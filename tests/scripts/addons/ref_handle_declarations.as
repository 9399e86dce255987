// `ref@ r = x;` (ref acts as a handle): the declaration takes x's handle; null, objects, and a
// ref parameter declared `ref@`.
class base {}
class derived : base {}
class unrelated {}
void fill(ref@ obj, base@ &out b, unrelated@ &out u) {
  if (obj is null) { print("obj is null\n"); return; }
  @b = cast<base>(obj);
  @u = cast<unrelated>(obj);
  if (b !is null) print("b\n");
  if (u !is null) print("u\n");
}
void main() {
  base@ b; unrelated@ u;
  ref@ r = null;
  fill(r, b, u);
  ref@ r2 = base();
  fill(r2, b, u);
  ref@ r3 = unrelated();
  fill(r3, b, u);
  ref@ r4 = derived();
  fill(r4, b, u);
}
// expect: obj is null
// expect: b
// expect: u
// expect: b
