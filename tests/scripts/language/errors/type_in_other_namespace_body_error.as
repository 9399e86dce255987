// In a function body an unknown type is reported plainly, but with where it was looked for when a
// type of that name exists in another namespace.
namespace foo { funcdef void bar(); }
void main() {
  bar@ b;
}
// expect-error: 5 Identifier 'bar' is not a data type in global namespace
