// Returning values of every primitive type and string.
int8 r8() { return -8; }
int16 r16() { return -16; }
int r32() { return -32; }
int64 r64() { return -64000000000; }
uint8 ru8() { return 200; }
uint16 ru16() { return 60000; }
uint ru32() { return 4000000000; }
uint64 ru64() { return 18000000000000000000; }
float rf() { return 0.5f; }
double rd() { return 0.25; }
bool rb() { return true; }
string rs() { return "str"; }
void main() {
  print("" + r8() + " " + r16() + " " + r32() + " " + r64() + "\n");
  print("" + ru8() + " " + ru16() + " " + ru32() + " " + ru64() + "\n");
  print("" + rf() + " " + rd() + " " + rb() + " " + rs() + "\n");
}

// expect: -8 -16 -32 -64000000000
// expect: 200 60000 4000000000 18000000000000000000
// expect: 0.5 0.25 true str
