// \u and \U escapes are encoded as UTF-8 bytes; \x gives the raw byte (no UTF-8 encoding).
void main() {
  string a = "\u00e9";
  print("" + a.length() + " " + a[0] + " " + a[1] + "\n");
  string b = "\u20AC";
  print("" + b.length() + " " + b[0] + " " + b[1] + " " + b[2] + "\n");
  string c = "\U0001F600";
  print("" + c.length() + " " + c[0] + " " + c[1] + " " + c[2] + " " + c[3] + "\n");
  print(a + b + c + "\n");
  string d = "\x7e";
  print(d + " " + d.length() + "\n");
  string e = "\xe9";
  print("" + e.length() + " " + e[0] + "\n");
}

// expect: 2 195 169
// expect: 3 226 130 172
// expect: 4 240 159 152 128
// expect: é€😀
// expect: ~ 1
// expect: 1 233
