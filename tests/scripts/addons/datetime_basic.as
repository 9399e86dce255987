// datetime with an explicit date: properties, setDate/setTime validation.
void main() {
  datetime d(2020, 2, 28, 23, 59, 30);
  print("" + d.year + "-" + d.month + "-" + d.day + " " + d.hour + ":" + d.minute + ":" + d.second + "\n");
  print("" + d.setDate(2021, 2, 29) + " " + d.year + "\n");
  print("" + d.setDate(2024, 2, 29) + " " + d.year + "-" + d.month + "-" + d.day + "\n");
  print("" + d.setTime(25, 0, 0) + " " + d.hour + "\n");
  print("" + d.setTime(1, 2, 3) + " " + d.hour + ":" + d.minute + ":" + d.second + "\n");
}

// expect: 2020-2-28 23:59:30
// expect: false 2020
// expect: true 2024-2-29
// expect: false 23
// expect: true 1:2:3
