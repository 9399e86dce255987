// A5: explicit parameter types in a lambda disambiguate the target funcdef.
funcdef void CB(int);
funcdef void CBS(string);
void call(CB@ f) { f(1); }
void call(CBS@ f) { f("s"); }
void main() {
  call(function(int a) { print("int " + a + "\n"); });
  call(function(string a) { print("str " + a + "\n"); });
}
// expect: int 1
// expect: str s
