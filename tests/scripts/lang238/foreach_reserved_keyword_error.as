// `foreach` is a reserved keyword in 2.38 (an identifier in 2.35.1).
// angelc-only: 2.38 feature (checked against ashost-2.38)
void main() {
  int foreach = 1;
}
// expect-error: 4 Expected '('
