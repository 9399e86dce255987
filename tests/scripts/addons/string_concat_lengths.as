// Joining and appending strings of every short length (the pieces are copied a word at a time up
// to 16 bytes), appending a string to itself and a piece of itself, and growing past the inline
// storage.
void main() {
  string alphabet = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ";
  string joined;
  int sum = 0;
  for (uint a = 0; a <= 20; a++) {
    for (uint b = 0; b <= 20; b++) {
      string x = alphabet.substr(0, a), y = alphabet.substr(a, b);
      string z = x + y;
      if (z != alphabet.substr(0, a + b)) print("join " + a + " " + b + " wrong: " + z + "\n");
      string w = x;
      w += y;
      if (w != z) print("append " + a + " " + b + " wrong: " + w + "\n");
      sum += z.length();
    }
  }
  print("sum " + sum + "\n");
  string s = "abc";
  s += s; print(s + "\n");
  s += s; print(s + "\n");
  s += s; print(s + "\n");
  s += s.substr(2, 5); print(s + "\n");
  string t = "0123456789";
  t += t.substr(3); print(t + "\n");
  t += t; print(t + " " + t.length() + "\n");
  string n = "";
  for (int i = 0; i < 12; i++) n += "" + i + ",";
  print(n + "\n");
}

// expect: sum 8820
// expect: abcabc
// expect: abcabcabcabc
// expect: abcabcabcabcabcabcabcabc
// expect: abcabcabcabcabcabcabcabccabca
// expect: 01234567893456789
// expect: 0123456789345678901234567893456789 34
// expect: 0,1,2,3,4,5,6,7,8,9,10,11,
