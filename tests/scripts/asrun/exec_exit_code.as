// int main() can hand a command's exit code on as the process's exit status.
// (runs on the reference host too: it registers what asrun registers)
int main() {
  return exec("exit 5");
}

// expect-exit: 5
