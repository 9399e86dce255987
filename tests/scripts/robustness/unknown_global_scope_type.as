// An unknown type written with a leading `::` is an error, not a crash (issue 17: the compiler
// looked for a Class::Funcdef in the scope part before `T`, which `::T` does not have).
// expect-error: 7 Identifier 'T' is not a data type
void main()
{
    int ok = 1;
    ::T x;
}
