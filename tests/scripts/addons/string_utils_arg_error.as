// The formatting functions take no string where a number is expected.
void main() {
  string s = formatInt("12");
}

// expect-error: 3 No matching signatures to 'formatInt(const string)'
