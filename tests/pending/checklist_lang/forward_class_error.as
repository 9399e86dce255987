// angelc wrong: reports `class C;` at the definition (line 4, "Name conflict") instead of at line 3 ("Missing definition of 'C'").
// A3/A6: there are no forward class declarations.
class C;
class C { int v; }
void main() {}
// expect-error: 3 Missing definition of 'C'
