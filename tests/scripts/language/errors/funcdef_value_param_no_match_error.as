// `funcdef void Taker(Callback c);` takes the funcdef itself, not a handle: a function taking
// Callback@ does not match it, as in the reference.
funcdef void Callback();
funcdef void Taker(Callback c);
void take(Callback@ c) {}
void main() {
  Taker@ t = take;
  print("ok\n");
}
// expect-error: 7 Can't implicitly convert from '$func@const' to 'Taker@&'.
