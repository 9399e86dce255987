// Two handles of a class without opEquals: `==` finds no operator (identity is `is`) (issue 26).
class C {}
void main()
{
    C@ a = C();
    C@ b = a;
    bool same = a is b;
    bool nul = a == null;
    bool x = (a == b);
}
// expect-error: 9 No matching operator that takes the types 'C@&' and 'C@&' found
