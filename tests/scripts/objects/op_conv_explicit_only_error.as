// opConv alone does not allow implicit conversion.
class Num {
  int opConv() const { return 1; }
}
void main() {
  Num n;
  int i = n;
}

// expect-error: 7 Can't implicitly convert from 'Num&' to 'int'.
