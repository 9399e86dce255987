// Global declarations of every kind
int a;
int b = 1, c, d = b + 2;
const uint F = 0xFF;
float fl = 1.5f;
double dd = 2.5e3;
int8 i8 = -1; int16 i16; int32 i32; int64 i64; uint8 u8; uint16 u16; uint32 u32; uint64 u64;
bool flag = true;
string s = "text";
array<int> arr = {1, 2, 3};
array<int>@ harr = @arr;
int[] sugar(3);
dictionary dict = {{"a", 1}, {"b", 2}};
auto au = 42;
typedef float real;
typedef int64 big;
funcdef bool CMP(int, int);
funcdef int &REF(int &in, const int &out, int &inout);
shared funcdef void SHF();
enum Color { Red, Green = 5, Blue = Green * 2, }
enum Empty {}
shared enum SE { X }
;;
namespace A { int x = 1; namespace B { int y = 2; } }
namespace A::B::C { void f() {} }
namespace A { int g() { return x; } }
import void imported(int) from "other";
import int &imp2(const string &in) from "other";
void f() {}
int g(int x, int y = 2) { return x + y; }
void h(void) {}
int &gr() { return a; }
const int &gr2() { return a; }
shared void sh() {}
int vprop { get { return a; } set { a = value; } }
int rprop { get { return a; } }

void main() {}
