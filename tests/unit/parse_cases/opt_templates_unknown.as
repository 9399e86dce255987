// no template callback: `name<...>` is a template wherever it parses as one
void f(bool a, bool b) {}
void main() {
  int a = 1, b = 2, c = 3, d = 4;
  f(a < b, c > d);
  f(a < b, c > (d));
  array<array<int>> x = array<array<int>>(2);
}
