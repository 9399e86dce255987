// Variables declared in a case body (inside braces) are local to that block.
void main() {
  for (int i = 0; i < 3; i++) {
    switch (i) {
      case 0: { int v = 10; print("" + v + "\n"); break; }
      case 1: { int v = 20; print("" + v + "\n"); } break;
      default: { string v = "s"; print(v + "\n"); }
    }
  }
}

// expect: 10
// expect: 20
// expect: s
