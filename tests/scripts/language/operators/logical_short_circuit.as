// && and || short-circuit; ^^ always evaluates both sides.
int calls = 0;
bool T(string s) { print("T" + s + " "); calls++; return true; }
bool F(string s) { print("F" + s + " "); calls++; return false; }
void main() {
  bool r;
  r = F("1") && T("2"); print("=> " + r + "\n");
  r = T("1") && F("2"); print("=> " + r + "\n");
  r = T("1") || F("2"); print("=> " + r + "\n");
  r = F("1") || T("2"); print("=> " + r + "\n");
  r = T("1") ^^ T("2"); print("=> " + r + "\n");
  r = F("1") and T("2"); print("=> " + r + "\n");
  r = T("1") or T("2"); print("=> " + r + "\n");
  r = F("1") || F("2") || T("3") || T("4"); print("=> " + r + "\n");
  r = T("1") && T("2") && F("3") && T("4"); print("=> " + r + "\n");
  print("calls " + calls + "\n");
}

// expect: F1 => false
// expect: T1 F2 => false
// expect: T1 => true
// expect: F1 T2 => true
// expect: T1 T2 => false
// expect: F1 => false
// expect: T1 => true
// expect: F1 F2 T3 => true
// expect: T1 T2 F3 => false
// expect: calls 16
