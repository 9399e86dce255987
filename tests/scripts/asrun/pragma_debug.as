// `#pragma debug` asks asrun for its debugger; angelc has none and accepts and ignores it.
// (runs on the reference host too: it registers what asrun registers)
#pragma debug
#pragma   debug   // with a comment
void main() {
  print("ran\n");
}

// expect: ran
