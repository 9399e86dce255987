// A const global without initialiser is accepted by the reference and reads as 0.
const int NOINIT;
void main() {
  print("" + NOINIT + "\n");
}

// expect: 0
