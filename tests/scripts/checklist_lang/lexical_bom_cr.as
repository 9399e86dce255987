void main() {  int a = 1; ﻿ int b = 2;  print("" + (a+b) + "\n");}
// A1: a UTF-8 BOM at the start and in the middle of a line is whitespace; a lone CR is whitespace
// (the code above uses CR line endings; these directive lines use LF).
// expect: 3
