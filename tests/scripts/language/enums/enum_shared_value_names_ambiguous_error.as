// An enum value name several enums have, where nothing says which enum is meant.
enum MyEnum1 { cYes, cNo }
enum MyEnum2 { cNo, cYes }
void main() {
  int x = cNo;
}
// expect-error: 5 Found multiple matching enum values
