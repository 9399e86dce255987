// break outside a loop or switch is an error.
void main() {
  print("x\n");
  break;
}

// expect-error: 4 Invalid 'break'
