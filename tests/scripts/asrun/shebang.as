#!/usr/bin/env angelc run
// A first line starting with #! (a shebang, so the script can be executed directly) is ignored
// by the script builder of 2.35.1, which asrun uses.
// (runs on the reference host too: it registers what asrun registers)
void main() {
  print("ran\n");
}

// expect: ran
