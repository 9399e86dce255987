// A6.2: indexed property accessors.
class C {
  array<int> data = {10, 20, 30};
  int get_item(int i) const property { return data[i]; }
  void set_item(int i, int v) property { data[i] = v; }
}
array<int> gdata = {1, 2, 3};
int get_gitem(int i) property { return gdata[i]; }
void set_gitem(int i, int v) property { gdata[i] = v; }
void main() {
  C c;
  print("" + c.item[1] + "\n");
  c.item[2] = 99;
  print("" + c.data[2] + "\n");
  gitem[0] = 7;
  print("" + gitem[0] + gitem[2] + "\n");
}
// expect: 20
// expect: 99
// expect: 73
