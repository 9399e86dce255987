// A1: `!is` is one token; `! is` (with a space) is not the not-identity operator.
class C {}
void main() {
  C@ h = C();
  bool x = h ! is null;
}
// expect-error: 5 Expected ',' or ';'
