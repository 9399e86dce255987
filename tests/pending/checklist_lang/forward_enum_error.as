// angelc wrong: reports the forward declaration `enum F;` at its definition (line 5, "Name conflict") instead of at line 3 ("Missing definition of 'F'").
// A2: 2.35.1 has no forward-declared enums (only `external shared enum`).
enum F;
void f(F x) { print("" + x + "\n"); }
enum F { X, Y }
void main() { f(Y); }
// expect-error: 3 Missing definition of 'F'
