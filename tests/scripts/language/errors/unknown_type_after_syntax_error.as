// An unknown type in a declaration after a syntax error of the same body: the syntax error comes
// first, then "Identifier 'zz' is not a data type" (issue 26).
class C
{
    void m()
    {
        int a = (;
        if (true) { zz q; }
    }
}
void main() {}
// expect-error: 7 Expected expression value
