// while loops, including one that never runs and one exited by break.
void main() {
  int i = 0, sum = 0;
  while (i < 10) { sum += i; i++; }
  print("" + sum + " " + i + "\n");
  while (false) { print("never\n"); }
  int n = 0;
  while (true) {
    n++;
    if (n == 5) break;
  }
  print("" + n + "\n");
  int k = 0;
  while (k < 10) {
    k++;
    if (k % 2 == 0) continue;
    print("" + k + ";");
  }
  print("\n");
}

// expect: 45 10
// expect: 5
// expect: 1;3;5;7;9;
