// String building with numbers: integers and doubles joined to strings.
void main() {
  int total = 0;
  string s;
  for (int rep = 0; rep < 20; rep++) {
    s = "";
    for (int i = 0; i < 50000; i++) { s += "" + (i * 37) + ":" + (i * 0.25) + ";"; }
    total += s.length();
  }
  print("" + total + " " + s.substr(s.length() - 24) + "\n");
}
