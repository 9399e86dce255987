// Two candidates with the same conversion cost: "Multiple matching signatures".
void f(int8 x) { print("int8\n"); }
void f(int16 x) { print("int16\n"); }
void main() {
  int i = 1;
  f(i);
}

// expect-error: 6 Multiple matching signatures to 'f(int)'
