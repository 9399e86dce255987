// A shared funcdef may only use shared types.
class A {}
shared funcdef void F(A@);
void main() {}
// expect-error: 3 Shared code cannot use non-shared type 'A'
