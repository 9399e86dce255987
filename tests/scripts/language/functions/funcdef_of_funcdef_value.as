// A funcdef may name another funcdef without @ as its return or parameter type: the reference
// accepts the declaration (no function can match it: errors/funcdef_value_return_no_match_error.as)
// and a handle of it can be declared and compared. With @ it is an ordinary funcdef.
funcdef void Callback();
funcdef Callback Maker();
funcdef void Taker(Callback c);
funcdef Callback@ HandleMaker();
void cb() { print("cb\n"); }
Callback@ make() { return cb; }
void main() {
  Maker@ m;
  Taker@ t;
  if (m is null && t is null) print("null handles\n");
  HandleMaker@ hm = make;
  Callback@ c = hm();
  c();
}
// expect: null handles
// expect: cb
