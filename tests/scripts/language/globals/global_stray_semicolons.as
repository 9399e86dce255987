// Stray semicolons at global scope are allowed.
;
int x = 1;;
;
void main() {
  print("" + x + "\n");
};

// expect: 1
