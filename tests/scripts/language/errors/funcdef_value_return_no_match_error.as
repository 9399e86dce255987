// `funcdef Callback Maker();` returns the funcdef itself, not a handle: a function returning
// Callback@ does not match it (the reference: "Can't implicitly convert from '$func@const' to
// 'Maker@&'.").
funcdef void Callback();
funcdef Callback Maker();
void cb() {}
Callback@ make() { return cb; }
void main() {
  Maker@ m = make;
  print("ok\n");
}
// expect-error: 9 Can't implicitly convert from '$func@const' to 'Maker@&'.
