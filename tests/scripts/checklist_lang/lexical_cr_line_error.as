void main() {  int a = 1;  int b = x;}
// A1: a lone CR is whitespace but does not count as a line break in diagnostics (code above uses
// CR-only line endings; the reference reports line 1, col 38).
// expect-error: 1
