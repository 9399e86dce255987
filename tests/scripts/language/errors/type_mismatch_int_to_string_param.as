// Passing an int to a function taking string by value: no implicit int -> string conversion for arguments.
void f(string s) { print(s + "\n"); }
void main() {
  f(5);
}

// expect-error: 4 No matching signatures to 'f(const int)'
