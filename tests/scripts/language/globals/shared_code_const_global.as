// Shared code may read a const global of a primitive type whose value is known when compiling
// (a literal, a constant expression of other such constants, an enum value): it is that value,
// as in the reference. A const global initialised at run time, or of an object type, stays out
// of reach (errors/shared_code_runtime_const_global_error.as, shared_code_const_string_global_error.as).
const double pi = 3.5;
const int k = 3;
const int k2 = k * 2;
const float ff = 1.5f;
const bool yes = true;
const uint8 small = 200;
enum E { A, B }
const E e = B;
shared double half() { return pi / 2; }
shared int sum() { return k2 + int(ff) + (yes ? 1 : 0) + small + int(e) + later; }
const int later = 1000;
void main() {
  print("" + half() + "\n");
  print("" + sum() + "\n");
}
// expect: 1.75
// expect: 1209
