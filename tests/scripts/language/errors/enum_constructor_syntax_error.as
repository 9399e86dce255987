// `E e(B);`: an enum looks for a constructor taking the arguments and finds none (the reference:
// "No matching signatures to 'E(const E)'"); E(q) as an expression is a conversion and works.
enum E { A, B }
void main() {
  int q = 1;
  E ok = E(q);
  E e(B);
  print("x\n");
}
// expect-error: 7 No matching signatures to 'E(const E)'
