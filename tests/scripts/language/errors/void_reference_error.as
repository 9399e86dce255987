// void cannot be a reference: a return type `void &` (also a parameter `void &in`).
void &f() {}
void main() {}
// expect-error: 2 Type 'void' cannot be a reference
