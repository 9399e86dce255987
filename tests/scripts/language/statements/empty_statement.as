// Empty statements are allowed (but not as the body of if/else, see if_empty_statement_error).
void main() {
  ;
  ;;
  int i = 0;
  while (i++ < 3);
  print("" + i + "\n");
  for (int k = 0; k < 2; k++);
  do ; while (false);
  print("done\n");
}

// expect: 4
// expect: done
