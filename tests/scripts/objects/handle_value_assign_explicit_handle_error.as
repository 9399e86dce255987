// `h = @x` (no @ on the left): a value assignment cannot take a handle.
class Base { int v; }
void main() {
  Base x, y;
  Base@ b1 = x, b2 = y;
  b1 = @b2;
}
// expect-error: 6 Can't implicitly convert from 'Base@' to 'Base&'.
