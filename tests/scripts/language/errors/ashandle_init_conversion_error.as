// `weakref<T>@ v = x;` (a value type acting as a handle, the @ dropped): the reference converts
// x to the variable's type and reports that it can't, at x.
class Animal {}
class Cat {}
void main() {
  Cat c;
  weakref<Cat> d(c);
  weakref<Animal>@ a = d;
}
// expect-error: 8 Can't implicitly convert from 'weakref<Cat>' to 'weakref<Animal>'.
