// getCommandLineArgs() holds the arguments after the script path, and every call returns the
// same array, so a change made to it is seen by the next call (as in asrun).
// (runs on the reference host too: it registers what asrun registers)
// args: one "two words" 3
void main() {
  array<string> @args = getCommandLineArgs();
  print(args.length() + "\n");
  for (uint i = 0; i < args.length(); i++) print("[" + args[i] + "]\n");
  args.insertLast("added");
  array<string> @again = getCommandLineArgs();
  print(again.length() + " " + (again is args) + "\n");
}

// expect: 3
// expect: [one]
// expect: [two words]
// expect: [3]
// expect: 4 true
