// A class method passed by name as an argument matches no parameter, not even a funcdef: the
// reference reports the call and that a delegate is needed.
funcdef void CB(int);
class T { void m(int) {} }
void set(CB@) {}
void main() {
  T t;
  set(t.m);
}
// expect-error: 8 No matching signatures to 'set(T::m)'
