// A body with a syntax error is not compiled, yet the reference's parser reports a declaration
// of a name that is no type ("Identifier 'x' is not a data type") among its syntax errors, in
// source order: here first (issue 26).
void main()
{
    x y = 1;
    int z = 1 +;
}
// expect-error: 6 Identifier 'x' is not a data type
