// @options: defer
enum E { A = 1 +, B }
int g = 1 +;
class C {
  int m = ;
  void f(int a = 1 +) { string s = "\q"; }
  int p { get { return ; } }
}
void h() { int x = 1 }
void k() { string s = "x
y"; funcdef_like(function() { bad( }); }
