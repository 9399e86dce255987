// continue outside a loop is an error.
void main() {
  print("x\n");
  continue;
}

// expect-error: 4 Invalid 'continue'
