// `C@@` is one error at the second `@` (a long `C@@@...` used to take memory quadratic in its length).
// expect-error: 7 Handle to handle is not allowed
class C {}
void main()
{
    C @
    @ @ @ @ x;
}
