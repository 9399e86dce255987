// A member variable and property accessors of the same name: the accessors are used, outside the
// class and in its other methods; only inside the accessors themselves does the name mean the
// variable (and the declaration's initialiser sets the variable directly).
class T {
  int a = 1;
  int get_a() property { return a + 10; }
  void set_a(int v) property { a = v * 2; }
  void m() {
    print("m " + a + "\n");
    a = 4;
    print("m " + a + " " + this.a + "\n");
  }
}
void main() {
  T t;
  print("" + t.a + "\n");
  t.a = 3;
  print("" + t.a + "\n");
  t.m();
}
// expect: 11
// expect: 16
// expect: m 16
// expect: m 18 18
