// A delegate binds a method to an object.
funcdef void Callback();
class Counter {
  int n = 0;
  void inc() { n++; }
}
void main() {
  Counter c;
  Callback@ cb = Callback(c.inc);
  cb(); cb(); cb();
  print("" + c.n + "\n");
}

// expect: 3
