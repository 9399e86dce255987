// There is no * operator for strings.
void main() {
  string a = "ab";
  string c = a * 3;
  print(c + "\n");
}

// expect-error: 4 No conversion from 'string' to math type available.
