// && binds tighter than ||; ^^ binds tighter than &&.
bool t = true, f = false;
void main() {
  print("" + (t || f && f) + "\n");
  print("" + ((t || f) && f) + "\n");
  print("" + (f && f || t) + "\n");
  print("" + (t ^^ t && f) + "\n");
  print("" + (t ^^ (t && f)) + "\n");
  print("" + (f || t ^^ t) + "\n");
  print("" + (1 < 2 == true) + "\n");
}

// expect: true
// expect: false
// expect: true
// expect: false
// expect: true
// expect: false
// expect: true
