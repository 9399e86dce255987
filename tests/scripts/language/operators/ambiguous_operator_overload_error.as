// Two operator overloads that fit equally well (const C &in and const C@ for a new object):
// 'Found more than one matching operator' (also for opAssign, opCmp, opAdd, opAddAssign).
class C {
  C@ opAdd(const C &in o) { return this; }
  C@ opAdd(const C @ o) { return this; }
}
void main() {
  C a;
  a + C();
}
// expect-error: 9 Found more than one matching operator
