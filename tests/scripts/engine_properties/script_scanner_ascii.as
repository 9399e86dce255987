// engine-property: SCRIPT_SCANNER=0
// engine-property: USE_CHARACTER_LITERALS=1
// The ASCII scanner reads a character literal's first byte; strings keep their bytes.
void main() {
  uint c = 'å';
  string s = "å";
  print(c + " " + s.length() + "\n");
}
// expect: 195 2
