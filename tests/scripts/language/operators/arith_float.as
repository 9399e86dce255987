// + - * / % on float (fmod semantics for %).
void main() {
  float a = 7.5f, b = 2.0f;
  print("" + (a + b) + " " + (a - b) + " " + (a * b) + " " + (a / b) + " " + (a % b) + "\n");
  a = -7.5f;
  print("" + (a + b) + " " + (a - b) + " " + (a * b) + " " + (a / b) + " " + (a % b) + "\n");
}

// expect: 9.5 5.5 15 3.75 1.5
// expect: -5.5 -9.5 -15 -3.75 -1.5
