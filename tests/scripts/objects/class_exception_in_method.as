// An exception thrown inside a method propagates to the caller; objects are cleaned up.
class R {
  string n;
  R(string s) { n = s; }
  ~R() { print("dtor " + n + "\n"); }
  void fail() { R tmp("tmp"); throw("failed in method"); }
}
void main() {
  R r("outer");
  try {
    r.fail();
  } catch {
    print("caught " + getExceptionInfo() + "\n");
  }
  print("end\n");
}

// expect: dtor tmp
// expect: caught failed in method
// expect: end
// expect: dtor outer
