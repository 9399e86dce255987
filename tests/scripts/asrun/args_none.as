// Without arguments after the script path getCommandLineArgs() is an empty array, not null.
// (runs on the reference host too: it registers what asrun registers)
void main() {
  array<string> @args = getCommandLineArgs();
  print((args is null) + " " + args.length() + "\n");
}

// expect: false 0
