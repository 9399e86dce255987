// A function named like a class declared before it: "is a class".
class X {}
void X() {}
// expect-error: 3 Name conflict. 'X' is a class.
void main() {}
