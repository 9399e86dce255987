// opImplConv returning string allows initialising a string from the object.
class Name {
  string n = "obj";
  string opImplConv() const { return n; }
}
void main() {
  Name x;
  string s = x;
  print(s + "\n");
}

// expect: obj
