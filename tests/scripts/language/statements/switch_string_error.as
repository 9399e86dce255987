// switch on a string is not allowed.
void main() {
  string s = "a";
  switch (s) {
    case 1: break;
  }
}

// expect-error: 4 Switch expressions must be integral numbers
