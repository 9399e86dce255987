// foreach over array<T> (2.38): opForValue0 is the element, opForValue1 the index; handles,
// `auto @`, const arrays, removing elements while iterating (the index just moves on).
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class Bar { string n; Bar() {} Bar(const string &in s) { n = s; } void thing() { print("thing " + n + "\n"); } }
void main() {
  array<int> a = {1, 2, 3, 4, 5, 7};
  int sum = 0;
  foreach (int v : a) sum += v;
  print("sum " + sum + "\n");
  foreach (auto v, auto i : a)
    if (v & 1 == 1) a.removeAt(i);
  print("left " + a.length() + ": " + a[0] + a[1] + a[2] + "\n");
  const array<string> @c = {"x", "y"};
  string s;
  foreach (auto v, uint i : c) s += i + ":" + v + ",";
  print(s + "\n");
  array<Bar@> bars = {Bar("a"), Bar("b")};
  foreach (auto b : bars) b.thing();
  array<Bar> vals = {Bar("c")};
  foreach (auto @b, uint i : vals) print(b.n + i + "\n");
  foreach (double d : array<int> = {5}) print("" + d / 2 + "\n");
  array<int> empty;
  foreach (int v : empty) print("never\n");
  array<int>@ none;
  try { foreach (int v : none) print("never\n"); } catch { print("null: " + getExceptionInfo() + "\n"); }
}
// expect: sum 22
// expect: left 3: 247
// expect: 0:x,1:y,
// expect: thing a
// expect: thing b
// expect: c0
// expect: 2.5
// expect: null: Null pointer access
