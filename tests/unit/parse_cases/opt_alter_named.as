// @options: alter=1
void f(int a, int b) {}
void main() { f(a = 1, b: 2); }
