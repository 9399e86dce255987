// A private member is not accessible from outside the class.
class C {
  private int secret = 1;
}
void main() {
  C c;
  print("" + c.secret + "\n");
}

// expect-error: 7 Illegal access to private property 'secret'
