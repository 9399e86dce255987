// A1: bytes above 127 are not identifier characters (EP:ALLOW_UNICODE_IDENTIFIERS is off).
void main() {
  int café = 1;
}
// expect-error: 3 Expected
