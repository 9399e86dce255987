// reference: 2.38 (2.38 feature; 2.35.1 differs)
// datetime.weekDay (2.38): 0 for Sunday to 6 for Saturday, read-only, also on a const datetime.
void main() {
  datetime d(2024, 1, 1);
  print("" + d.weekDay + "\n");
  d.setDate(2024, 1, 6);
  print("" + d.weekDay + "\n");
  d.setDate(2024, 1, 7);
  print("" + d.weekDay + "\n");
  d.setDate(1970, 1, 1);
  print("" + d.weekDay + "\n");
  const datetime leap(2000, 2, 29, 23, 59, 59);
  print("" + leap.weekDay + "\n");
  datetime next = leap + 1;
  print("" + next.month + "/" + next.day + " " + next.weekDay + "\n");
  uint sum = 0;
  for (uint i = 0; i < 7; i++) {
    datetime x(2023, 12, 31 - i);
    sum += x.weekDay;
  }
  print("" + sum + "\n");
}
// expect: 1
// expect: 6
// expect: 0
// expect: 4
// expect: 2
// expect: 3/1 3
// expect: 21
