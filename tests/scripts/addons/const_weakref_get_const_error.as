// const_weakref gives handles to const objects only.
class C { int v = 1; }
void main() {
  C@ obj = C();
  const_weakref<C> cw(obj);
  C@ h = cw.get();
}

// expect-error: 6 Can't implicitly convert from 'const C@' to 'C@&'.
