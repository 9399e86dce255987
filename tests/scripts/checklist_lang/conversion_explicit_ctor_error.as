// A6: an `explicit` constructor is not used for implicit conversion.
class E { int v; E() {} E(int x) explicit { v = x; } }
void take(E a) {}
void main() {
  take(9);
}
// expect-error: 5 No matching signatures to 'take(const int)'
