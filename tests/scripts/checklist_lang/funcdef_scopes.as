// A2: funcdefs at global scope, in a namespace, `shared`, and as a class child (`K::Gen`).
funcdef int BinOp(int, int);
namespace ns { funcdef void Cb(const string &in); void hello(const string &in s) { print("hi " + s + "\n"); } }
shared funcdef bool Pred(int);
class K { funcdef int Gen(); }
int add(int a, int b) { return a + b; }
int seven() { return 7; }
bool even(int x) { return x % 2 == 0; }
void main() {
  BinOp@ op = add;
  ns::Cb@ cb = ns::hello;
  Pred@ p = even;
  K::Gen@ g = seven;
  print("" + op(2, 3) + " " + p(4) + " " + g() + "\n");
  cb("there");
}
// expect: 5 true 7
// expect: hi there
