// Regression (angelc got this wrong before): accepts `@g = null` on a global `T@ const` handle; reference: "Reference is read-only" at 6:6.
// A2: `T@ const` is a read-only handle, also as a global.
class C {}
C@ const g = C();
void main() {
  @g = null;
}
// expect-error: 6 Reference is read-only
