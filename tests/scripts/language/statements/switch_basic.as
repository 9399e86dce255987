// switch with break in every case and a default.
string name(int n) {
  string r;
  switch (n) {
    case 1: r = "one"; break;
    case 2: r = "two"; break;
    case 3: r = "three"; break;
    default: r = "many";
  }
  return r;
}
void main() {
  for (int i = 0; i <= 4; i++) print(name(i) + "\n");
}

// expect: many
// expect: one
// expect: two
// expect: three
// expect: many
