// engine-property: IGNORE_DUPLICATE_SHARED_INTF=1
// reference: 2.38 (asEP_IGNORE_DUPLICATE_SHARED_INTF is 2.36's)
// A shared interface declared again with a method the first declaration lacks (here: another
// return type) is reported at that method.
shared interface I { void f(); }
shared interface I {
  int f();
}
void main() {}
// expect-error: 7 Shared type 'I' doesn't match the original declaration in other module
