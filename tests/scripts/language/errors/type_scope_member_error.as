// Type::member names a member without an object: 'Cannot access non-static member' (a name the
// type does not have is 'No matching symbol 'A::nope''); also for calls, string::length().
class A { int m; }
void main() {
  int x = A::m;
}
// expect-error: 5 Cannot access non-static member 'm' like this
