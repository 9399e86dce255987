// A trailing comma in an enum declaration.
enum E { A, B, }
void main() {
  print("" + A + " " + B + "\n");
}

// expect: 0 1
