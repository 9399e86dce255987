// Accessors declared as functions and methods with the signatures a property takes: plain and
// indexed, the value by handle or by reference.
class F { int v = 3; }
F@ g_f;
F@ get_h() property { return g_f; }
void set_h(F@ h) property { @g_f = h; }
int[] g_a = {1, 2, 3};
int get_at(int i) property { return g_a[i]; }
void set_at(int i, int v) property { g_a[i] = v; }
string g_s = "s";
string get_s() property { return g_s; }
void set_s(const string &in s) property { g_s = s; }
class A {
  int x_ = 1;
  int get_x() property { return x_; }
  void set_x(int v) property { x_ = v; }
  int get_sq(int i) property { return i * i; }
}
void main()
{
  @h = F();
  at[1] = 20;
  s = s + "t";
  A a;
  a.x = a.x + 41;
  print(h.v + " " + at[1] + " " + s + " " + a.x + " " + a.sq[5] + "\n");
}
// expect: 3 20 st 42 25
