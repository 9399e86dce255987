// += appends; repeated appends build longer strings.
void main() {
  string s;
  for (int i = 0; i < 5; i++) s += i;
  print(s + "\n");
  string t = "ab";
  t += t;
  t += t;
  print(t + " " + t.length() + "\n");
}

// expect: 01234
// expect: abababab 8
