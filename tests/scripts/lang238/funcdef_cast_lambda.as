// cast<FD>(lambda): the lambda takes the funcdef's signature; stored in an any and called back.
// reference: 2.38 (2.35.1 raises 'Unbound function called' when the handle comes back (checked against ashost-2.38))
funcdef bool Pred(int);
void main() {
  any x;
  x.store(cast<Pred>(function(v) { return v == 1; }));
  Pred@ q;
  x.retrieve(@q);
  print(q(1) + " " + q(2) + "\n");
}
// expect: true false
