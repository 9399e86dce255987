// getInput() reads a line of stdin; at the end of input (the runner gives /dev/null) it returns
// "" every time, like std::getline in asrun.
// angelc-only: asrun's getInput (the reference host does not register it)
void main() {
  string a = getInput();
  string b = getInput();
  print("[" + a + "][" + b + "] " + a.length() + "\n");
}

// expect: [][] 0
