// reference: 2.38 (2.35.1 reports the end of the file)
// A heredoc string without its closing quotes is a non-terminated string literal, at its start.
// expect-error: 5 Non-terminated string literal
void main() {}
string s = """
text that never ends
