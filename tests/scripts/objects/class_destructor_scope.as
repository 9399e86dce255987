// The destructor runs when the last reference goes away: at the end of the scope for locals.
class D {
  string name;
  D(string n) { name = n; print("ctor " + name + "\n"); }
  ~D() { print("dtor " + name + "\n"); }
}
void main() {
  D a("a");
  {
    D b("b");
    print("inner end\n");
  }
  print("outer end\n");
}

// expect: ctor a
// expect: ctor b
// expect: inner end
// expect: dtor b
// expect: outer end
// expect: dtor a
