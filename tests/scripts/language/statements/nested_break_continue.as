// break and continue only affect the innermost loop.
void main() {
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 4; j++) {
      if (j == 2) break;
      if (i == 1) continue;
      print("" + i + j + ";");
    }
  }
  print("\n");
  int count = 0;
  for (int i = 0; i < 3; i++) {
    int j = 0;
    while (true) {
      j++;
      if (j > i) break;
      count++;
    }
    if (i == 1) continue;
    count += 100;
  }
  print("" + count + "\n");
}

// expect: 00;01;20;21;30;31;
// expect: 203
