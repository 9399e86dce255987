// do-while runs the body at least once.
void main() {
  int i = 10;
  do {
    print("body " + i + "\n");
    i++;
  } while (i < 10);
  int n = 0;
  do n++; while (n < 5);
  print("" + n + "\n");
  int k = 0;
  do {
    k++;
    if (k == 2) continue;
    if (k == 4) break;
    print("k " + k + "\n");
  } while (k < 10);
  print("end " + k + "\n");
}

// expect: body 10
// expect: 5
// expect: k 1
// expect: k 3
// expect: end 4
