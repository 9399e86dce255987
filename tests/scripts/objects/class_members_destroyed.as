// Members are destroyed after the owner's destructor body runs.
class M {
  string n;
  M(string s) { n = s; }
  ~M() { print("member " + n + " dtor\n"); }
}
class Owner {
  M a("a");
  M b("b");
  ~Owner() { print("owner dtor\n"); }
}
void main() {
  {
    Owner o;
    print("scope end\n");
  }
  print("after\n");
}

// expect: scope end
// expect: owner dtor
// expect: member b dtor
// expect: member a dtor
// expect: after
