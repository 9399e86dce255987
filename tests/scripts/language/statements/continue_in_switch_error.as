// continue inside a switch that is not inside a loop is an error.
void main() {
  int x = 1;
  switch (x) {
    case 1:
      continue;
  }
}

// expect-error: 6 Invalid 'continue'
