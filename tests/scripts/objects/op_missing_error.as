// Using + on a class without opAdd.
class C {}
void main() {
  C a, b;
  C c = a + b;
}

// expect-error: 5 No matching operator that takes the types 'C&' and 'C&' found
