// The same value name twice in one enum.
enum E { A, B, A }
void main() {
  print("" + B + "\n");
}

// expect-error: 2 Name conflict. 'A' is already used.
