// `s = s + x` on a local string is compiled as an append (linear in a loop, issue 32); these
// check that nothing observable changes: chains, conversions, the variable on both sides,
// globals and references (not rewritten), and an exception in the middle of a chain.
string g = "g";
string boom() { throw("boom"); return "never"; }
string addTo(string &out r, const string &in x) { r = "r"; r = r + x; return r; }
enum E { Two = 2 }
class C { string s; }

void main() {
  string s;
  for (int i = 0; i < 20000; i++) s = s + "x";
  print("len " + s.length() + "\n");
  string t = "a";
  t = t + 1 + "b" + 2.5 + true + -3;
  print(t + "\n");
  string u = "q";
  u = u + u;
  u = u + (u + "!");
  print(u + "\n");
  string e = "e";
  e = e + Two;
  print(e + "\n");
  g = g + g + "h";
  print(g + "\n");
  string r = "r";
  print(addTo(r, "1") + " " + r + "\n");
  C c;
  c.s = c.s + "m";
  print(c.s + "\n");
  string m = "m";
  try { m = m + "1" + boom(); } catch { print("caught " + m + "\n"); }
  string v = "v";
  string w = (v = v + "w");
  print(v + " " + w + "\n");
  uint8 b = 200;
  string n = "n";
  n = n + b + 1.5f;
  print(n + "\n");
}
// expect: len 20000
// expect: a1b2.5true-3
// expect: qqqq!
// expect: e2
// expect: ggh
// expect: r1 r1
// expect: m
// expect: caught m
// expect: vw vw
// expect: n2001.5
