// Without arguments after the script path getCommandLineArgs() is an empty array, not null.
// angelc-only: asrun's getCommandLineArgs (the reference host does not register it)
void main() {
  array<string> @args = getCommandLineArgs();
  print((args is null) + " " + args.length() + "\n");
}

// expect: false 0
