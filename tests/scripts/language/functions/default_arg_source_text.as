// A default argument is shown in declarations as written (the reference keeps its tokens, with one
// space where the source has white space or a comment): `2.0f`, all digits of a double, a call's
// arguments and a string's escapes are kept.
int g(int a, int b) { return a + b; }
void f(int a = 1 +   2 /*c*/, float b = 2.0f, string s = "a\tb", double d = 3.14159265358979, int e = g(1, 2)) {}
void h(int a = 1+2, int b = g( 1 ,2 ), int c = 1/*x*/+2, int d = 1 /*x*/ + 2, int e = -  1) {}
void main() {
    f("x");
    h("x");
}
// expect-error: 8 No matching signatures to 'f(const string)'
// expect-info: 8 void f(int a = 1 + 2, float b = 2.0f, string s = "a\tb", double d = 3.14159265358979, int e = g(1, 2))
// expect-info: 9 void h(int a = 1+2, int b = g( 1 ,2 ), int c = 1 +2, int d = 1 + 2, int e = - 1)
