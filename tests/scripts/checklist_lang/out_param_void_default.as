// A5/A8: `void` as the default of an `&out` parameter makes it optional.
void f(int &out x = void) { x = 3; }
void main() { f(); int y; f(y); print("" + y + "\n"); }
// expect: 3
