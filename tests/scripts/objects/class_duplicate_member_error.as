// Two members with the same name.
class C {
  int a;
  double a;
}
void main() {}

// expect-error: 4 Name conflict. 'a' is an object property.
