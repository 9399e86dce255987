// `array<T>@(x)` parses as a construct call of the handle type, which no constructor makes.
void main() {
  array<int> a;
  array<int>@ h = array<int>@(a);
}
// expect-error: 4 Can't construct handle 'int[]@'. Use ref cast instead
