// datetime arithmetic with seconds, differences and comparisons.
string fmt(const datetime &in d) { return "" + d.year + "-" + d.month + "-" + d.day + " " + d.hour + ":" + d.minute + ":" + d.second; }
void main() {
  datetime a(2020, 2, 28, 23, 59, 30);
  datetime b = a + 60;
  print(fmt(b) + "\n");
  datetime c = b - 86400;
  print(fmt(c) + "\n");
  print("" + (b - a) + " " + (a - b) + "\n");
  print("" + (a < b) + " " + (a == a) + " " + (a != b) + " " + (b >= c) + "\n");
  a += 3600 * 24 * 366;
  print(fmt(a) + "\n");
  a -= 30;
  print(fmt(a) + "\n");
  datetime copy(a);
  print("" + (copy == a) + "\n");
}

// expect: 2020-2-29 0:0:30
// expect: 2020-2-28 0:0:30
// expect: 60 -60
// expect: true true true true
// expect: 2021-2-28 23:59:30
// expect: 2021-2-28 23:59:0
// expect: true
