// switch on an enum value with enum case labels.
enum Dir { North, East, South, West }
string name(Dir d) {
  switch (d) {
    case North: return "N";
    case Dir::East: return "E";
    case South: return "S";
  }
  return "?";
}
void main() {
  print(name(North) + name(East) + name(South) + name(West) + "\n");
  int x = 2;
  switch (x) {
    case South: print("int matches enum case\n"); break;
  }
}

// expect: NES?
// expect: int matches enum case
