// Infinity prints as inf / -inf.
void main() {
  double big = 1e308;
  double inf = big * 10;
  print("" + inf + " " + (-inf) + "\n");
}

// expect: inf -inf
