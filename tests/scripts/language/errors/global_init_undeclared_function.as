// A global initialiser referring to an undeclared function.
int g = notDeclared();
void main() {
  print("" + g + "\n");
}

// expect-error: 2 No matching symbol 'notDeclared'
