// Virtual properties declared with { get set } blocks.
class Counter {
  private int _v = 0;
  int value {
    get { print("get "); return _v; }
    set { print("set "); _v = value * 10; }
  }
  int readOnly { get { return 42; } }
}
void main() {
  Counter c;
  c.value = 3;
  print("" + c.value + "\n");
  print("" + c.readOnly + "\n");
}

// expect: set get 30
// expect: 42
