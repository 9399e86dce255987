// cast<T> on handles: downcast succeeds for the right type, gives null otherwise.
class Base {}
class A : Base {}
class B : Base {}
void main() {
  Base@ x = A();
  A@ a = cast<A>(x);
  B@ b = cast<B>(x);
  print("" + (a !is null) + " " + (b is null) + "\n");
  Base@ up = a;
  print("" + (up is x) + "\n");
}

// expect: true true
// expect: true
