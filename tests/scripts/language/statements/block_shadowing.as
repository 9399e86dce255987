// A variable in an inner block may shadow an outer one; the outer is visible again afterwards.
int g = 1;
void main() {
  int x = 1;
  {
    int x = 2;
    print("inner " + x + "\n");
    {
      int x = 3;
      print("innermost " + x + "\n");
    }
    print("inner again " + x + "\n");
  }
  print("outer " + x + "\n");
  int g = 5;
  print("local g " + g + " global g " + ::g + "\n");
}

// expect: inner 2
// expect: innermost 3
// expect: inner again 2
// expect: outer 1
// expect: local g 5 global g 1
