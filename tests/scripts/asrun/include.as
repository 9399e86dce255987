// #include loads a file relative to the including file, nested includes relative to theirs,
// and a file reached twice (here under two different paths) is added only once.
// angelc-only: the reference host compiles without the script builder
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
