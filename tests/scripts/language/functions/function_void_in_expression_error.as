// A void function call cannot be used as a value.
void f() {}
void main() {
  int x = f();
}

// expect-error: 4 Can't implicitly convert from 'void' to 'int'.
