// #include loads a file relative to the including file, nested includes relative to theirs,
// and a file reached twice (here under two different paths) is added only once.
// (runs on the reference host too: it registers what asrun registers)
#include "inc/greeting.inc"
#include 'inc/nested/../nested/counter.inc'

void main() {
  print(greet("world") + "\n");
  print(greet("again") + "\n");
  print(counter + "\n");
}

// expect: hello world #1
// expect: hello again #2
// expect: 2
