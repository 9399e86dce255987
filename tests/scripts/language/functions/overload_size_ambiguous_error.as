// Two narrowing integer conversions cost the same: an int argument with candidates int8 and
// int16 is ambiguous ("Multiple matching signatures").
void f(int8 x) { print("int8\n"); }
void f(int16 x) { print("int16\n"); }
void main() {
  int i = 1;
  f(i);
}

// expect-error: 7 Multiple matching signatures to 'f(int)'
