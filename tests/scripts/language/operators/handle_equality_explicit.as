// `==` on handles compares the handles when one side is written `@x` (the other side is then
// taken as a handle too, and the reference warns), also for function handles; a handle compared
// with null warns the same way unless written `@h` (issue 26).
funcdef void F();
void t() {}
void u() {}
class C {}
void main()
{
    C@ a = C();
    C@ b = a;
    C@ c = C();
    print("" + (@a == @b) + " " + (@a != @c) + "\n");
    print("" + (@a == b) + "\n");
    print("" + (a == @c) + "\n");
    F@ f = t;
    F@ g = t;
    F@ h = u;
    print("" + (@f == @g) + " " + (@f == @h) + "\n");
    print("" + (@f != g) + "\n");
    print("" + (a == null) + " " + (null != f) + " " + (@a == null) + "\n");
}
// expect: true true
// expect: true
// expect: false
// expect: true false
// expect: false
// expect: false true false
// expect-warning: 14 The operand is implicitly converted to handle in order to compare them
// expect-warning: 15 The operand is implicitly converted to handle in order to compare them
// expect-warning: 20 The operand is implicitly converted to handle in order to compare them
// expect-warning: 21 The operand is implicitly converted to handle in order to compare them
