// exec(cmd) runs cmd through the shell and returns its exit code (the manual's contract; asrun
// 2.35.1 on Linux returns the raw wait status instead). A command not found is the shell's 127.
// (runs on the reference host too: it registers what asrun registers)
void main() {
  print(exec("true") + "\n");
  print(exec("false") + "\n");
  print(exec("exit 7") + "\n");
  print(exec("nonexistent_command_for_angelc_tests 2>/dev/null") + "\n");
}

// expect: 0
// expect: 1
// expect: 7
// expect: 127
