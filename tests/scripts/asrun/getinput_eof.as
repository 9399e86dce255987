// getInput() reads a line of stdin; at the end of input (the runner gives /dev/null) it returns
// "" every time, like std::getline in asrun.
// (runs on the reference host too: it registers what asrun registers)
void main() {
  string a = getInput();
  string b = getInput();
  print("[" + a + "][" + b + "] " + a.length() + "\n");
}

// expect: [][] 0
