// string::substr(start = 0, count = -1), including out-of-range arguments.
void main() {
  string s = "hello world";
  print("[" + s.substr() + "]\n");
  print("[" + s.substr(6) + "]\n");
  print("[" + s.substr(0, 5) + "]\n");
  print("[" + s.substr(3, 2) + "]\n");
  print("[" + s.substr(6, 100) + "]\n");
  print("[" + s.substr(11) + "]\n");
  print("[" + s.substr(20) + "]\n");
  print("[" + s.substr(2, 0) + "]\n");
  print("[" + s.substr(4, -1) + "]\n");
}

// expect: [hello world]
// expect: [world]
// expect: [hello]
// expect: [lo]
// expect: [world]
// expect: []
// expect: []
// expect: []
// expect: [o world]
