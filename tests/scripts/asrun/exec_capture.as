// exec(cmd, out) captures what cmd writes to stdout (not stderr) and still returns its exit code.
// angelc-only: asrun's exec (the reference host does not register it; its 2.35.1 Linux build
// raises "not yet implemented" for this overload)
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
