// find with a start index on strings (opEquals) and on arrays of arrays (array's opEquals).
void main() {
  array<string> s = {"a", "b", "a", "c"};
  print("" + s.find("a") + " " + s.find(1, "a") + " " + s.find(3, "a") + " " + s.find("z") + " " + s.find(10, "a") + "\n");
  array<int> same = {1, 2};
  array<array<int>> vs = {{3}, {1, 2}};
  print("" + vs.find(same) + " " + vs.find(array<int>()) + " " + vs.find(1, same) + " " + vs.find(2, same) + "\n");
  print("" + vs.findByRef(vs[1]) + " " + vs.findByRef(same) + "\n");
}

// expect: 0 2 -1 -1 -1
// expect: 1 -1 1 -1
// expect: 1 -1
