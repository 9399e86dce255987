// A class whose default constructor is deleted (2.38) cannot be declared without arguments.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class Bar {
  Bar() delete;
  Bar(int a) {}
}
void main() {
  Bar b;
}
// expect-error: 8 No default constructor for object of type 'Bar'
