// @options: alter=2
void f(int a, int b) {}
void main() { f(a = 1, b: 2); }
