// exec(cmd, out) captures what cmd writes to stdout (not stderr) and still returns its exit code.
// reference: 2.38 (asrun's exec(cmd, out) in the 2.35.1 Linux build raises "not yet implemented")
//
void main() {
  string captured = "old";
  int code = exec("printf 'a\\nb'; echo ignored >&2; exit 4", captured);
  print(code + " [" + captured + "]\n");
  code = exec("true", captured);
  print(code + " [" + captured + "] " + captured.length() + "\n");
}

// expect: 4 [a
// expect: b]
// expect: 0 [] 0
