class C {
  int a;
  int b c;
  void f() {}
}
int ok;
void main() {}