// Integer modulo by zero raises "Divide by zero".
void main() {
  int a = 10;
  int z = 0;
  print("before\n");
  print("" + (a % z) + "\n");
}

// expect: before
// expect-exception: Divide by zero
