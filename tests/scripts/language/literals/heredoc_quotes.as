// Heredocs can contain single and double quotes.
void main() {
  string s = """He said "hi" and 'bye'""";
  print(s + "\n");
  string t = """a "" b""";
  print(t + "\n");
  string u = """x""" """y""";
  print(u + "\n");
}

// expect: He said "hi" and 'bye'
// expect: a "" b
// expect: xy
