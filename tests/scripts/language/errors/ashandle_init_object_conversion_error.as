// `weakref<T>@ v = obj;` with an object opHndlAssign doesn't take: the handle of the object
// ('Dog@&') can't be converted to the variable's type.
class Animal {}
class Dog {}
void main() {
  Dog dog;
  weakref<Animal>@ b = dog;
}
// expect-error: 7 Can't implicitly convert from 'Dog@&' to 'weakref<Animal>'.
