// Enum values: implicit numbering from 0, explicit values, continuing after an explicit value.
enum E { A, B, C = 10, D, E2 = -5, F }
void main() {
  print("" + A + " " + B + " " + C + " " + D + " " + E2 + " " + F + "\n");
}

// expect: 0 1 10 11 -5 -4
