// A script class may not take the name of a registered function (issue 26).
void main()
{
}
class print {}
// expect-error: 5 Name conflict. 'print' is a global function.
