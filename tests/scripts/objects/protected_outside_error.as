// protected members are not accessible from outside.
class Base {
  protected int p = 5;
}
void main() {
  Base b;
  print("" + b.p + "\n");
}

// expect-error: 7 Illegal access to protected property 'p'
