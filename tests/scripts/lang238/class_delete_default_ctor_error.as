// A class whose default constructor is deleted (2.38) cannot be declared without arguments.
// angelc-only: 2.38 feature (checked against ashost-2.38)
class Bar {
  Bar() delete;
  Bar(int a) {}
}
void main() {
  Bar b;
}
// expect-error: 8 No default constructor for object of type 'Bar'
