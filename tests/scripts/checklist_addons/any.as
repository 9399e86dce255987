// any: handles to arrays, array copies, any elements in arrays, any in a dictionary, copy assignment,
// retrieve into float/int through the double/int64 overloads.
void main() {
  array<int> arr = {1, 2, 3};
  any a(@arr);
  array<int>@ back;
  print(a.retrieve(@back) + " " + (back is arr) + "\n");
  any b(arr);
  array<int> copy;
  print(b.retrieve(copy) + " " + copy.length() + "\n");
  array<any> list(2);
  list[0].store(1); list[1].store("two");
  string s; int64 i;
  print(list[0].retrieve(i) + " " + i + " " + list[1].retrieve(s) + " " + s + "\n");
  dictionary d; d["a"] = a;
  any@ ap = cast<any>(d["a"]);
  print((ap is null) + "\n");
  any x; any y; x.store(5); y = x; x.store(6);
  int64 yi; y.retrieve(yi); print(yi + "\n");
  float f = 0; any fz(1.5f); print(fz.retrieve(f) + " " + f + "\n");
  int n = 0; any iz(9); print(iz.retrieve(n) + " " + n + "\n");
}

// expect: true true
// expect: true 3
// expect: true 1 true two
// expect: false
// expect: 5
// expect: true 1.5
// expect: true 9
