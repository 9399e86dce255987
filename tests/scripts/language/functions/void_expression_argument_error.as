// A void expression among other arguments stays an error (the reference: "No matching
// signatures to 'two(void, const int)'"); alone, for a function that needs one, the call has
// no arguments: "No matching signatures to 'one()'".
void hello() {}
void two(int a, int b) {}
void main()
{
    two(hello(), 1);
}
// expect-error: 8 No matching signatures to 'two(void, const int)'
