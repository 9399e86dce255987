// A4: `foreach` is 2.38; in 2.35.1 it is an ordinary identifier, so this is a call with bad syntax.
void main() {
  int x = 2;
  foreach (int v : x) {}
}
// expect-error: 4 Expected '('
