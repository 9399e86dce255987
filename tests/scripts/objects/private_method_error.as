// A private method cannot be called from outside.
class C {
  private void hidden() {}
}
void main() {
  C c;
  c.hidden();
}

// expect-error: 7 Illegal call to private method 'void C::hidden()'
