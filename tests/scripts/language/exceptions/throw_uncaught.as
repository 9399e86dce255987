// throw() from the exception add-on with no catch: the message is the exception string.
void main() {
  print("start\n");
  throw("custom failure");
  print("never\n");
}

// expect: start
// expect-exception: custom failure
