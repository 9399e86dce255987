// A mixin class adds its members and methods to the class that includes it.
mixin class Named {
  string name = "unnamed";
  string greet() { return "I am " + name; }
}
class Person : Named {
  Person(string n) { name = n; }
}
class Robot : Named {}
void main() {
  Person p("ann");
  Robot r;
  print(p.greet() + "\n");
  print(r.greet() + "\n");
}

// expect: I am ann
// expect: I am unnamed
