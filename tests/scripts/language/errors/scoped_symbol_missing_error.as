// A missing scoped name is reported as written, with its scope (also for a namespace that does
// not exist).
namespace nm { int x; }
void main() {
  int y = nm::foo;
}
// expect-error: 5 No matching symbol 'nm::foo'
