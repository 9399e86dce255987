// Single-quoted literals are strings too (character literals are off by default).
void main() {
  string s = 'hello';
  print(s + "\n");
  print('a' + 'b' + "\n");
  print("" + 'x'.length() + "\n");
  print('it"s\n');
  print('esc\'aped\n');
}

// expect: hello
// expect: ab
// expect: 1
// expect: it"s
// expect: esc'aped
