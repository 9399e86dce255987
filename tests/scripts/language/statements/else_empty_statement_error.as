// "else ;" is rejected: "Else with empty statement".
void main() {
  int x = 1;
  if (x == 1) print("a\n");
  else ;
}

// expect-error: 5 Else with empty statement
