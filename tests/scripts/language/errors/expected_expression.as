// An operator without its right operand.
void main() {
  int a = 1 + ;
}

// expect-error: 3 Expected expression value
