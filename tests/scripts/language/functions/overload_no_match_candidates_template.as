// A template instance's methods are listed on the instance ('int[]::insertLast'), its
// factories as '$fact'; the constructed type is named as the instance.
void main() {
  array<int> a;
  a.insertLast("x");
  array<int> b("y");
}
// expect-error: 5 No matching signatures to 'array::insertLast(const string)'
// expect-info: 5 Candidates are:
// expect-info: 5 void int[]::insertLast(const int&in value)
// expect-info: 6 int[]@ $fact(uint length, const int&in value)
