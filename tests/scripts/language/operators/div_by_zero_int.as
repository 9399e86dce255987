// Integer division by zero at run time raises "Divide by zero".
void main() {
  int a = 10;
  int z = 0;
  print("before\n");
  int c = a / z;
  print("after " + c + "\n");
}

// expect: before
// expect-exception: Divide by zero
