// Regression (angelc got this wrong before): accepts handle re-assignment `@h = ...` of a read-only `T@ const` local (also param, global); reference: "Expression is not an l-value".
// A2: `T@ const` is a read-only handle.
class C {}
void main() {
  C a, b;
  C@ const h = a;
  @h = b;
}
// expect-error: 7 Expression is not an l-value
