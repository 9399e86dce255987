// A local of a value type is shown plain as the target (`string`); the value a new object
// (`A@&`). An assignment to such a local shows it as a reference (conv_assign_value.as).
class A {}
void main() {
  string s = A();
}
// expect-error: 5 Can't implicitly convert from 'A@&' to 'string'.
