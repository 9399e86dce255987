// @options: multiline
void main() {
  string s = "line1
line2";
  string t = 'a
b';
}
