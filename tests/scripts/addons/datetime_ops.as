// datetime: the default constructor is "now", opAdd_r/opSub_r, comparisons, setTime/setDate
// validation (values are kept when invalid), the constructor's defaults, copies are values.
void main() {
  datetime now;
  print("" + (now.year >= 2021) + " " + (now.month >= 1 && now.month <= 12) + "\n");
  datetime a(2001, 12, 31);
  print("" + a.year + " " + a.month + " " + a.day + " " + a.hour + " " + a.minute + " " + a.second + "\n");
  datetime b = 3600 + a;
  print("" + b.year + "-" + b.month + "-" + b.day + " " + b.hour + "\n");
  datetime c = b - 7200;
  print("" + c.year + "-" + c.month + "-" + c.day + " " + c.hour + "\n");
  print("" + (b - a) + " " + (c - a) + " " + (a - b) + "\n");
  print("" + (a < b) + " " + (a > b) + " " + (a <= a) + " " + (a == b) + " " + (c < a) + "\n");
  datetime d = a;
  d += 1;
  print("" + a.second + " " + d.second + " " + (d != a) + "\n");
  print("" + d.setTime(23, 60, 0) + " " + d.setTime(24, 0, 0) + " " + d.setTime(12, 30, 45) + "\n");
  print("" + d.hour + ":" + d.minute + ":" + d.second + "\n");
  print("" + d.setDate(2001, 13, 1) + " " + d.setDate(2001, 0, 1) + " " + d.setDate(2001, 4, 31) + " " + d.setDate(2000, 2, 29) + "\n");
  print("" + d.year + "-" + d.month + "-" + d.day + " " + d.hour + ":" + d.minute + ":" + d.second + "\n");
  datetime e(1999, 2, 30, 10, 11, 12);
  print("" + (e.year >= 2021) + " " + e.hour + ":" + e.minute + ":" + e.second + "\n");
  datetime f(2010, 6, 15, 25, 0, 0);
  print("" + f.year + "-" + f.month + "-" + f.day + "\n");
  d = f;
  print("" + (d == f) + " " + d.day + "\n");
}

// expect: true true
// expect: 2001 12 31 0 0 0
// expect: 2001-12-31 1
// expect: 2001-12-30 23
// expect: 3600 -3600 -3600
// expect: true false true false true
// expect: 0 1 true
// expect: false false true
// expect: 12:30:45
// expect: false false false true
// expect: 2000-2-29 12:30:45
// expect: true 10:11:12
// expect: 2010-6-15
// expect: true 15
