// engine-property: ALWAYS_IMPL_DEFAULT_CONSTRUCT=2
// reference: 2.38 (asEP_ALWAYS_IMPL_DEFAULT_CONSTRUCT=2 is 2.37's)
// A global of a class without any constructor: 'No default constructor' (a local: 'Data type
// can't be', default_constructor_never_error.as).
class C { int v; }
C g;
void main() {}
// expect-error: 6 No default constructor for object of type 'C'.
