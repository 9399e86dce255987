// Adjacent string literals are concatenated at compile time, also across lines and comments.
void main() {
  string s = "abc" "def";
  print(s + "\n");
  print("one "
        "two "
        /* comment */ "three" "\n");
  string t = 'x' "y" 'z';
  print(t + "\n");
  print("" "" "\n");
}

// expect: abcdef
// expect: one two three
// expect: xyz
// expect:
