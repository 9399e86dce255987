// Integer size conversions all cost the same in 2.35.1: an int argument with candidates int8 and
// int64 is ambiguous ("Multiple matching signatures"), widening is not preferred.
void f(int8 x) { print("int8\n"); }
void f(int64 x) { print("int64\n"); }
void main() {
  int i = 1;
  f(i);
}

// expect-error: 7 Multiple matching signatures to 'f(int)'
