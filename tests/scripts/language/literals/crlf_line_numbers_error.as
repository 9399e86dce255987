// CRLF line endings: line numbers still count lines correctly (error on line 4).
void main() {
  int a = 1;
  a = undefinedName;
}

// expect-error: 4 No matching symbol 'undefinedName'
