// Named indexed property accessors: `T get_x(int) property` / `void set_x(int, T) property` are
// used as x[i], globally, on objects and inside the class.
int[] store = {1, 2, 3};
int get_g(uint i) property { return store[i]; }
void set_g(uint i, int v) property { store[i] = v; }
class C {
  int[] d = {10, 20};
  int get_item(int i) const property { return d[i]; }
  void set_item(int i, int v) property { d[i] = v; }
  int sum() { item[1] = item[0] + 5; return item[0] + item[1]; }
}
class Obj { uint16 prop { get { return _p; } set { _p = value; } } uint16 _p = 0; }
Obj@ get_Objs(uint idx) property { return _obj; }
Obj@ _obj = Obj();
void main() {
  g[1] = 7;
  g[2] = g[2] + 3;
  print(g[0] + " " + g[1] + " " + g[2] + "\n");
  C c;
  print(c.sum() + " " + c.item[1] + "\n");
  c.item[0] = 4;
  print(c.d[0] + "\n");
  Objs[0].prop += 1;
  _obj.prop += 1;
  print(_obj._p + "\n");
}
// expect: 1 7 6
// expect: 25 15
// expect: 4
// expect: 2
