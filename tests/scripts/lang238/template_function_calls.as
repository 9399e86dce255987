// Registered template functions (2.38): the hosts register `T tmpl_identity<T>(const T &in)`,
// `string tmpl_type_name<T>()` and `string string::tmpl_with<T>(const T &in) const` (generic
// functions reading their instance's subtype). A call names the subtypes; each distinct list is
// an instance of its own (also after a bytecode round trip, which saves the calls of instances).
// The subtype's declaration is its type id's: arrays as T[], no const.
// reference: 2.38 (2.38 feature; 2.35.1 has no template functions)
namespace geo { class Point { int x = 3; } }
class Node { string name = "node"; }
enum Color { Red, Green = 4 }
funcdef void Callback();
int g = tmpl_identity<int>(11);
int twice(int a = tmpl_identity<int>(21)) { return a * 2; }
void main() {
  print(tmpl_identity<int>(3) + " " + tmpl_identity<double>(2.5) + " " + tmpl_identity<string>("s") + "\n");
  print(tmpl_identity<int8>(-5) + " " + tmpl_identity<uint64>(12345678901) + " " + tmpl_identity<bool>(true) + "\n");
  print(tmpl_identity<float>(0.25f) + " " + tmpl_identity<int16>(300) + "\n");
  print("g=" + g + " twice=" + twice() + "\n");
  Node n;
  Node@ h = tmpl_identity<Node@>(n);
  print(h.name + " " + (h is n) + "\n");
  const int k = tmpl_identity<const int>(4);
  print("k=" + k + "\n");
  print((tmpl_identity<Color>(Green) == Green) + "\n");
  print(tmpl_type_name<int>() + ", " + tmpl_type_name<array<string>>() + ", " + tmpl_type_name<Node@>() + "\n");
  print(tmpl_type_name<geo::Point>() + ", " + tmpl_type_name<const double>() + ", " + tmpl_type_name<dictionary>() + "\n");
  print(tmpl_type_name<array<array<int>>>() + ", " + tmpl_type_name<Callback@>() + ", " + tmpl_type_name<Color>() + "\n");
  string s = "text";
  print(s.tmpl_with<int>(1) + " " + "lit".tmpl_with<Node@>(n) + " " + s.tmpl_with<array<int>>({1, 2}) + "\n");
  // the result is a value like any other
  int sum = 0;
  for (int i = 0; i < 4; i++) sum += tmpl_identity<int>(i);
  print("sum=" + sum + " " + tmpl_identity<string>("a" + "b").length() + "\n");
}
// expect: 3 2.5 s
// expect: -5 12345678901 true
// expect: 0.25 300
// expect: g=11 twice=42
// expect: node true
// expect: k=4
// expect: true
// expect: int, string[], Node@
// expect: geo::Point, double, dictionary
// expect: int[][], Callback@, Color
// expect: text:int lit:Node@ text:int[]
// expect: sum=6 2
