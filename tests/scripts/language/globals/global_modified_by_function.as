// Functions read and modify globals.
int counter = 0;
string trail = "";
void inc() { counter++; trail += "i"; }
int get() { return counter; }
void main() {
  inc(); inc(); inc();
  print("" + get() + " " + trail + "\n");
  counter = 10;
  inc();
  print("" + counter + " " + trail + "\n");
}

// expect: 3 iii
// expect: 11 iiii
