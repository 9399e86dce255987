// An enum value to int8 or int64: both size changes cost the same (2.38 prefers widening only for
// integers, not for enums).
enum E { A = 1 }
void f(int8 x) { print("int8\n"); }
void f(int64 x) { print("int64\n"); }
void main() {
  f(E::A);
}

// expect-error: 7 Multiple matching signatures to 'f(const E)'
