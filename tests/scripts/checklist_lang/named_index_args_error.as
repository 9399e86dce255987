// Regression (angelc got this wrong before): accepts named arguments inside `[]` (`c[col: 3, row: 4]`); 2.35.1 rejects them ("No matching signatures to 'C::opIndex()'").
// A5: named arguments are not supported in index expressions in 2.35.1.
class C { int opIndex(int row, int col) { return row * 10 + col; } }
void main() {
  C c;
  print("" + c[col: 3, row: 4] + "\n");
}
// expect-error: 6 No matching signatures to
