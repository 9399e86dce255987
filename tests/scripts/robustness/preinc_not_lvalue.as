// The value of ++x is not an lvalue: `++(++x)`, `(++x)++` and `++x = 5` are errors as in the
// reference (a chain of 50,000 `--` used to overflow the compiler's stack instead).
// expect-error: 7 Expression is not an l-value
void main()
{
    int x = 1;
    int y = ++(++x);
}
