// A method's bare name used as a value inside its class.
class T {
  int m() { return 1; }
  void f() {
    int x = m;
  }
}
void main() {}
// expect-error: 5 Invalid operation on method
