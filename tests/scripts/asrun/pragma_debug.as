// `#pragma debug` asks asrun for its debugger; angelc has none and accepts and ignores it.
// angelc-only: the reference host compiles without the script builder
#pragma debug
#pragma   debug   // with a comment
void main() {
  print("ran\n");
}

// expect: ran
