// ?: of two different enum types does not find a common type (2.38), reported at the condition.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
enum E { V = 1 }
enum F { W = 2 }
void main() {
  int x = true
     ? V : W;
}
// expect-error: 6 Can't find unambiguous implicit conversion to make both expressions have the same type
