// `foreach` is a reserved keyword in 2.38 (an identifier in 2.35.1).
// reference: 2.38 (2.38 feature; 2.35.1 differs)
void main() {
  int foreach = 1;
}
// expect-error: 4 Expected '('
