// With errors in two functions the first one reported is in source order.
void a() {
  undefinedA();
}
void b() {
  undefinedB();
}
void main() {}

// expect-error: 3 No matching symbol 'undefinedA'
