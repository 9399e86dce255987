// datetime: dates before 1970 and after 2038, day/year roll-over with +/- seconds, copy assignment.
string fmt(const datetime &in d) { return "" + d.year + "-" + d.month + "-" + d.day + " " + d.hour + ":" + d.minute + ":" + d.second; }
void main() {
  datetime a(1969, 12, 31, 23, 0, 0);
  print(fmt(a) + "\n");
  datetime b(1970, 1, 1);
  print((b - a) + "\n");
  datetime c(2100, 3, 1);
  print(fmt(c - 1) + " " + (c - b) + "\n");
  datetime d(2038, 1, 19, 3, 14, 7);
  print(fmt(d + 1) + "\n");
  datetime e = b + int64(-86400) * 365;
  print(fmt(e) + "\n");
  print((a < b) + " " + (b > a) + " " + (a >= a) + "\n");
  datetime f = b; f = c; print(fmt(f) + "\n");
  datetime g(2020, 1, 1); g -= 1; print(fmt(g) + "\n");
  print(fmt(datetime(1900, 1, 1)) + "\n");
}

// expect: 1969-12-31 23:0:0
// expect: 3600
// expect: 2100-2-28 23:59:59 4107542400
// expect: 2038-1-19 3:14:8
// expect: 1969-1-1 0:0:0
// expect: true true true
// expect: 2100-3-1 0:0:0
// expect: 2019-12-31 23:59:59
// expect: 1900-1-1 0:0:0
