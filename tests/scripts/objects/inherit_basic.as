// Single inheritance: derived classes inherit members and methods; methods are virtual.
class Animal {
  string name;
  Animal(string n) { name = n; }
  string sound() { return "..."; }
  string describe() { return name + " says " + sound(); }
}
class Dog : Animal {
  Dog(string n) { super(n); }
  string sound() override { return "woof"; }
}
class Cat : Animal {
  Cat() { super("cat"); }
  string sound() { return "meow"; }
}
void main() {
  Animal a("thing");
  Dog d("rex");
  Cat c;
  print(a.describe() + "\n");
  print(d.describe() + "\n");
  print(c.describe() + "\n");
  Animal@ h = d;
  print(h.sound() + "\n");
}

// expect: thing says ...
// expect: rex says woof
// expect: cat says meow
// expect: woof
