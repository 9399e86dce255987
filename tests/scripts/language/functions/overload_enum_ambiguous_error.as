// An enum argument with int8 and int64 candidates is ambiguous.
enum E { A = 1 }
void h(int8 x) { print("int8\n"); }
void h(int64 x) { print("int64\n"); }
void main() {
  h(A);
}

// expect-error: 6 Multiple matching signatures to 'h(const E)'
