// A global variable may not take the name of a registered function (math add-on's log).
string log = "";
void main() {
  print(log + "\n");
}

// expect-error: 2 Name conflict. 'log' is a global function.
