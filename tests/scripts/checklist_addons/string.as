// string: find* with start positions, empty char sets, small int types and all primitives with +, +=, =,
// const string methods, comparisons, insert/erase/resize.
void main() {
  string s = "hello world";
  print(s.findFirst("o", 5) + " " + s.findLast("o", 5) + " " + s.findLast("o", 4) + " " + s.findFirst("zz") + "\n");
  print(s.findFirstOf("ol", 5) + " " + s.findFirstNotOf("hel", 1) + " " + s.findLastOf("lo", 8) + " " + s.findLastNotOf("dl", -1) + "\n");
  print(s.findFirstOf("") + " " + s.findFirstNotOf("") + " " + s.findLastOf("") + " " + s.findLastNotOf("") + "\n");
  print(s.findFirstOf("o", 100) + " " + s.findLastOf("o", 100) + " " + s.findFirstNotOf("x", 11) + "\n");
  int8 a = -5; uint16 b = 65535; int c = 7;
  print("x" + a + b + c + "\n");
  string t = a; print(t + "\n");
  t += b; print(t + "\n");
  print(a + "|" + "\n");
  const string cs = "abc";
  print(cs.length() + " " + cs[1] + " " + cs.substr(1) + cs.isEmpty() + "\n");
  string e; print(e.isEmpty() + " " + e.length() + "\n");
  string u = "abc"; u.insert(3, "X"); u.insert(0, "Y"); print(u + "\n");
  u.erase(1, 2); print(u + "\n"); u.erase(1); print(u + "\n");
  string v = "abc"; v.resize(1); print(v + " " + v.length() + "\n");
  print(("abc" < "abd") + " " + ("b" > "abc") + " " + ("abc" <= "abc") + " " + ("abc" != "abc") + "\n");
  string w = "a"; w = w + 1.5 + 2.5f + true + int64(-9) + uint64(9);
  print(w + "\n");
  print(1.5 + w + "\n");
  print(true + w + "\n");
  print(uint64(18446744073709551615) + "\n");
}

// expect: 7 4 4 -1
// expect: 7 4 7 8
// expect: -1 0 -1 10
// expect: -1 7 -1
// expect: x-5655357
// expect: -5
// expect: -565535
// expect: -5|
// expect: 3 98 bcfalse
// expect: true 0
// expect: YabcX
// expect: YcX
// expect: Y
// expect: a 1
// expect: true true true false
// expect: a1.52.5true-99
// expect: 1.5a1.52.5true-99
// expect: truea1.52.5true-99
// expect: 18446744073709551615
