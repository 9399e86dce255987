// @options: entry=func
void f(const ?&in)
void f(int &in, ...)
void f(T@+)
int ok(int a)
