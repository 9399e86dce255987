// An #include of a file that does not exist is an error at the #include line, and nothing is
// compiled.
// angelc-only: the reference's script builder gives this error no position (FILE:0:0); angelc names the line

#include "inc/no_such_file.inc"
void main() {
  int x = "not compiled";
}

// expect-error: 5 Failed to open script file 'tests/scripts/asrun/inc/no_such_file.inc'
