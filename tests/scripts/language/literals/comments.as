// Line comments, block comments inside expressions, and comment markers inside strings.
/* a block comment
   spanning lines */
void main() {
  int a = 1 /* inline */ + /* another */ 2; // trailing
  print("" + a + "\n");
  print("// not a comment\n");
  print("/* not a comment */\n");
  /* nested /* markers are not nested */
  print("after\n");
  int b = 4; /**/ int c = 5;
  print("" + (b + c) + "\n");
}

// expect: 3
// expect: // not a comment
// expect: /* not a comment */
// expect: after
// expect: 9
