// An interface can derive from another interface.
interface INamed { string name(); }
interface IPet : INamed { string sound(); }
class Dog : IPet {
  string name() { return "dog"; }
  string sound() { return "woof"; }
}
void main() {
  IPet@ p = Dog();
  INamed@ n = p;
  print(n.name() + " " + p.sound() + "\n");
}

// expect: dog woof
