// A void expression in a dictionary's initialisation list.
// reference: 2.38 (2.35.1 aborts on an assertion here (checked against ashost-2.38))
class Testing { void NoReturn() {} }
void main() {
  Testing t;
  dictionary test = { {"testValue", t.NoReturn()} };
}
// expect-error: 6 Data type can't be 'void'
