// ?: of two different enum types does not find a common type (2.38), reported at the condition.
// angelc-only: 2.38 feature (checked against ashost-2.38)
enum E { V = 1 }
enum F { W = 2 }
void main() {
  int x = true
     ? V : W;
}
// expect-error: 6 Can't find unambiguous implicit conversion to make both expressions have the same type
