// A6: a class property can't be read-only (`const int`, `const string`, `C@ const`); a handle to
// a const object (`const C@`) is fine.
class C { const C@ m; }
class D { const string s; }
void main() { C c; D d; }
// expect-error: 4 Class properties cannot be declared as const
