// Registered types shown by their own text (as_type_set_debug_text): datetime, ref, any.
class C { int hp = 7; }

void main()
{
    datetime when(2024, 2, 29, 13, 45, 10);
    C c;
    ref@ r = c;
    ref@ none;
    any a(3.5);
    println("year " + when.year);   // @registered_stop
}
