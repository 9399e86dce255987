// A2: 2.35.1 has no forward-declared enums (only `external shared enum`).
enum F;
void f(F x) { print("" + x + "\n"); }
enum F { X, Y }
void main() { f(Y); }
// expect-error: 2 Missing definition of 'F'
