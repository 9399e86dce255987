// A global whose initialiser directly reads a global declared LATER is initialised after it:
// the reference postpones initialisers that use not-yet-initialised globals (dependency order).
int first = second + 1;
int second = 10;
void main() {
  print("" + first + " " + second + "\n");
}

// expect: 11 10
