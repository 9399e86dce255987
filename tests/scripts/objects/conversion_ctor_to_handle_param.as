// reference: 2.38 (2.35.1 did not take a conversion constructor to a handle)
// A value converts to a handle of a script class through the class's constructor taking it (not
// an explicit one): the new object's handle is passed (also to a T@ const &in parameter, such as
// array<T@>::insertLast's) or assigned. The reference prefers an overload needing no new object.
class DS {
  string value;
  DS(const string &in v) { value = v; print("DS(" + v + ")\n"); }
  DS(int) explicit { value = "int"; }
}
void f(DS@ h) { print("f " + h.value + "\n"); }
void g(DS@ const &in h) { print("g " + h.value + "\n"); }
void f2(DS@ d) { print("f2 DS\n"); }
void f2(const string &in s) { print("f2 string\n"); }
void main() {
  f("a");
  string s = "b";
  g(s);
  DS@ x = "c";
  print(x.value + "\n");
  array<DS@> list;
  list.insertLast("d");
  print(list[0].value + "\n");
  f2("e");
}
// expect: DS(a)
// expect: f a
// expect: DS(b)
// expect: g b
// expect: DS(c)
// expect: c
// expect: DS(d)
// expect: d
// expect: f2 string
