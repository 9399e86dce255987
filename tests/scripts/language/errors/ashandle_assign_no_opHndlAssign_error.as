// `@v = x` of a value type acting as a handle, where no opHndlAssign takes x (weakref<Cat> is
// not a weakref<Animal> even when Cat derives from Animal).
class Animal {}
class Cat : Animal {}
void main() {
  Cat c;
  weakref<Cat> d(c);
  weakref<Animal> e;
  @e = d;
}
// expect-error: 9 No appropriate opHndlAssign method found in 'weakref<Animal>' for handle assignment
