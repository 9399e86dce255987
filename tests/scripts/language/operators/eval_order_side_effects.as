// Side effects inside one expression: i++ on both sides of +.
void main() {
  int i = 1;
  int r = i++ * 10 + i;
  print("" + r + " " + i + "\n");
  i = 1;
  r = i + i++ * 10;
  print("" + r + " " + i + "\n");
  i = 1;
  r = (i = 5) + i;
  print("" + r + " " + i + "\n");
}

// expect: 12 2
// expect: 12 2
// expect: 10 5
