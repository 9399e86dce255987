// A case value that does not fit in 32 bits is truncated (warning "Value is too large for data
// type"), so 5000000000 collides with 705032704: "Duplicate switch case".
void main() {
  int64 a = 1;
  switch (a) {
    case 705032704: break;
    case 5000000000: break;
  }
}

// expect-error: 7 Duplicate switch case
