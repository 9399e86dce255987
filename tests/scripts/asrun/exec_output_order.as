// A command shares the script's stdout; what the script printed before exec() comes first.
// (runs on the reference host too: it registers what asrun registers)
void main() {
  print("before ");
  exec("echo from the shell");
  print("after\n");
}

// expect: before from the shell
// expect: after
