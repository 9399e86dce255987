// A const method cannot return a member by a non-const reference.
class X2 {
  const int &f4() { return i1_; }
  int &f5() const {
    return i1_;
  }
  private int i1_;
}
void main() {}
// expect-error: 5 Can't implicitly convert from 'const int&' to 'int&'.
