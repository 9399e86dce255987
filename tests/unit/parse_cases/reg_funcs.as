// @options: registration entry=func
int f(const string &in, int = 0) const
void g(int a, float b = 1.5f, const string &in s = "x")
T &opIndex(uint) const
void ns::inner::scoped()
void opCast(?&out)
void f(const ?&in ...)
void printf(const string &in, ...)
void f(int &in type, int &in list) {repeat_same int}
void f(const int &in) {float, float}
void f() {repeat}
void f() {int int}
void f() {int, repeat T}
void f() {int,
int get_x() const property
void set(T@+ h)
void h(int + x)
int f() extra
int f(int a = 1 +)
