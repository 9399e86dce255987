// Copying the argument of Foo(Foo) needs a default constructor, which Foo does not have.
// expect-error: 9 No default constructor for object of type 'Foo'.
class Foo
{
    Foo(Foo f) {}
}
void main()
{
    Foo a;
    Foo b(a);
}
