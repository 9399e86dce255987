// Delegates to methods called through base-class handles dispatch virtually.
funcdef string Speak();
class Animal { string speak() { return "..."; } }
class Dog : Animal { string speak() override { return "woof"; } }
void main() {
  Animal@ a = Dog();
  Speak@ s = Speak(a.speak);
  print(s() + "\n");
}

// expect: woof
