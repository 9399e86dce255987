// A compile error in an included file is reported in that file (inc/bad_symbol.inc:4:23),
// with its own line numbers.
// (runs on the reference host too: it registers what asrun registers)
#include "inc/bad_symbol.inc"
void main() {
  print(fine() + "\n");
}

// expect-error: 4 No matching symbol 'missingSymbol'
