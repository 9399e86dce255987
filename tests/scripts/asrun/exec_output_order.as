// A command shares the script's stdout; what the script printed before exec() comes first.
// angelc-only: asrun's exec (the reference host does not register it)
void main() {
  print("before ");
  exec("echo from the shell");
  print("after\n");
}

// expect: before from the shell
// expect: after
