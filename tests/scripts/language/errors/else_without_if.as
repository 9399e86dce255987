// else without a matching if.
void main() {
  int a = 1;
  else a = 2;
}

// expect-error: 4 Expected expression value
