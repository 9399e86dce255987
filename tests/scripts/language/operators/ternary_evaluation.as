// Only the selected branch of ?: is evaluated.
int v(int x) { print("eval " + x + "\n"); return x; }
void main() {
  bool c = true;
  int r = c ? v(1) : v(2);
  print("r " + r + "\n");
  r = !c ? v(3) : v(4);
  print("r " + r + "\n");
}

// expect: eval 1
// expect: r 1
// expect: eval 4
// expect: r 4
