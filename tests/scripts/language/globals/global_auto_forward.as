// A global auto variable may take its type from a global declared after it (also an auto one).
auto x = y + 1;
auto y = z * 2;
int z = 3;
void main() {
  print("" + x + " " + y + "\n");
}
// expect: 7 6
