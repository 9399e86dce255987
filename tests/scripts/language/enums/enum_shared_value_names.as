// Enum value names several enums have: the enum the context expects (a declaration, the other
// operand of ==, the left side of =, the parameter of the called function).
enum MyEnum1 { cYes, cNo }
enum MyEnum2 { cNo, cYes }
void f(MyEnum2 e) { print("f " + e + "\n"); }
void main() {
  MyEnum1 e = cNo;
  print((e == cYes) + " " + e + "\n");
  MyEnum2 e2 = cNo;
  print(e2 + "\n");
  e2 = cYes;
  print(e2 + "\n");
  f(cNo);
}
// expect: false 1
// expect: 0
// expect: 1
// expect: f 0
