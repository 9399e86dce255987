// @options: templates=array,grid
void f(bool a, bool b) {}
void main() {
  int a = 1, b = 2, c = 3, d = 4;
  f(a < b, c > d);
  array<array<int>> x = array<array<int>>(2);
  grid<int> g;
  bool lt = a < b;
  array<int>@ h = array<int@(2, 7);
}
