// An assignment is an expression whose value is the assigned value; assignment is right-associative.
void main() {
  int a, b, c;
  a = b = c = 7;
  print("" + a + " " + b + " " + c + "\n");
  int x = 1;
  int y = (x += 4);
  print("" + x + " " + y + "\n");
  a = b += c *= 2;
  print("" + a + " " + b + " " + c + "\n");
}

// expect: 7 7 7
// expect: 5 5
// expect: 21 21 14
