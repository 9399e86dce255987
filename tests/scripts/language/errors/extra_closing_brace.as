// An extra closing brace at global scope.
void main() {
  print("x\n");
}
}

// expect-error: 5 Unexpected token '}'
