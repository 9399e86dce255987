// String comparison operators (byte-wise, lexicographic).
void main() {
  string a = "apple", b = "banana", c = "apple";
  print("" + (a == c) + " " + (a != b) + " " + (a < b) + " " + (b > a) + " " + (a <= c) + " " + (b >= c) + "\n");
  print("" + ("abc" < "abd") + " " + ("ab" < "abc") + " " + ("" < "a") + " " + ("Z" < "a") + "\n");
  print("" + ("a" == "a") + " " + ("a" == "A") + "\n");
}

// expect: true true true true true true
// expect: true true true true
// expect: true false
