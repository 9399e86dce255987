// A parameter cannot be of type void.
void f(void x) {}
void main() {
  print("x\n");
}

// expect-error: 2 Parameter type can't be 'void', because the type cannot be instantiated.
