// Keywords are case sensitive: Int and TRUE are plain identifiers.
void main() {
  int Int = 1;
  bool TRUE = false;
  int If = 2;
  print("" + Int + " " + TRUE + " " + If + "\n");
}

// expect: 1 false 2
