// switch requires an integer expression.
void main() {
  double d = 1.0;
  switch (d) {
    case 1: print("one\n"); break;
  }
}

// expect-error: 4 Switch expressions must be integral numbers
