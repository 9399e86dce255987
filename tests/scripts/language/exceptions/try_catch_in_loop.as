// try/catch inside a loop: each iteration can fail independently.
void main() {
  array<int> divs = {2, 0, 5, 0, 1};
  int total = 0;
  for (uint i = 0; i < divs.length(); i++) {
    try {
      total += 10 / divs[i];
      print("ok " + i + "\n");
    } catch {
      print("fail " + i + ": " + getExceptionInfo() + "\n");
    }
  }
  print("total " + total + "\n");
}

// expect: ok 0
// expect: fail 1: Divide by zero
// expect: ok 2
// expect: fail 3: Divide by zero
// expect: ok 4
// expect: total 17
