// datetime as a value: by-value parameters and returns, &out, arrays and init lists, const datetime,
// stored in a dictionary, a century of seconds.
datetime later(datetime d, int64 s) { return d + s; }
void bump(datetime &out d, const datetime &in s) { d = s + 60; }
void main() {
  datetime a(2000, 1, 1, 12, 0, 0);
  datetime b = later(a, 90);
  bump(b, b);
  print(b.hour + ":" + b.minute + ":" + b.second + " " + (b - a) + "\n");
  array<datetime> list = {datetime(2001, 1, 1), datetime(1999, 6, 30), a};
  print(list.length() + " " + list[1].month + "\n");
  const datetime c(2000, 1, 1, 12, 0, 0);
  print((c == a) + " " + (c < b) + " " + c.day + "\n");
  dictionary d; d["t"] = a;
  datetime back(1990, 1, 1); d.get("t", back); print(back.year + "\n");
  datetime e = a + int64(86400) * 366 * 100; print(e.year + "-" + e.month + "-" + e.day + "\n");
  print((a - e) + "\n");
}

// expect: 12:2:30 150
// expect: 3 6
// expect: true true 1
// expect: 2000
// expect: 2100-3-17
// expect: -3162240000
