// A2: `auto` is not allowed for parameters.
void f(auto a) {}
void main() {}
// expect-error: 2 Auto is not allowed here
