// A delegate of a method the class does not have.
class Test { void Less(int) {} }
funcdef void F(int);
void main() {
  Test t;
  F@ f = F(t.Nope);
}
// expect-error: 6 'Nope' is not a member of 'Test'
