// Calling a function that does not exist.
void main() {
  undefinedFunction(1);
}

// expect-error: 3 No matching symbol 'undefinedFunction'
