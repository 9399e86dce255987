// `h = null` (no @ on the left): a value assignment cannot take null.
class Base { int v; }
void main() {
  Base x;
  Base@ b1 = x;
  b1 = null;
}
// expect-error: 6 Can't implicitly convert from 'Base@' to 'Base&'.
