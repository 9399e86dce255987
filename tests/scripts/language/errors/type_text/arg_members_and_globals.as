// Members and globals: a primitive member or global is `int&`, a member of a value type plain
// (`string`) but a global one `string&`; an object of a reference type as a member or global is
// shown plain (`D`); a handle member of a const object is `D@const&`; a constant `const int`,
// the folded result of an arithmetic operator plain `int`, a comparison `const bool`.
class D {}
class C { int m; string s; D d; D@ h; }
void f(int, int) {}
string gs;
int gi;
void main() {
  C c;
  const C cc;
  f(c.m, c.s, c.d, gs, gi, cc.h, 1, 1 + 1, gi == 1);
}
// expect-error: 13 No matching signatures to 'f(int&, string, D, string&, int&, D@const&, const int, int, const bool)'
