// ++ is not defined for bool.
void main() {
  bool b = false;
  b++;
  print("" + b + "\n");
}

// expect-error: 4 Illegal operation on this datatype
