// Function handles compare with `is`, not `==`: the reference refuses `==` on them (it tries
// them as numbers), and compares handles of a class without opEquals with no operator either
// (issue 26).
funcdef void F();
void t() {}
void main()
{
    F@ f = t;
    F@ g = t;
    bool same = f is g;       // fine
    bool none = f is null;    // fine
    bool b = (f == g);
}
// expect-error: 12 No conversion from 'F@&' to 'int64' available.
