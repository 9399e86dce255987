// int main() can hand a command's exit code on as the process's exit status.
// angelc-only: asrun's exec and int main() (the reference host runs neither)
int main() {
  return exec("exit 5");
}

// expect-exit: 5
