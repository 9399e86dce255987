// opIndex returning a reference allows reading and writing.
class Vec {
  array<int> data = {0, 0, 0};
  int& opIndex(uint i) { return data[i]; }
}
void main() {
  Vec v;
  v[0] = 5;
  v[1] = v[0] * 2;
  v[2] += 7;
  print("" + v[0] + " " + v[1] + " " + v[2] + "\n");
}

// expect: 5 10 7
