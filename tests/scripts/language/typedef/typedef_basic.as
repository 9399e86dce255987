// typedef creates an alias for a primitive type.
typedef float real;
typedef int64 bigint;
real half(real x) { return x / 2; }
void main() {
  real r = 3;
  print("" + half(r) + "\n");
  bigint b = 5000000000;
  print("" + b + "\n");
  float f = r;
  print("" + f + "\n");
}

// expect: 1.5
// expect: 5000000000
// expect: 3
