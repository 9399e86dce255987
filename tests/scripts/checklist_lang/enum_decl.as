// A2: enum values from constant expressions of earlier values, E::A and bare A, E(i), enum -> int,
// `shared enum`.
enum E { A, B = 2, C, D = B*100 }
shared enum S { X, Y = 5, Z }
void main() {
  E e = E(3);
  int i = e;
  print("" + A + " " + E::D + " " + i + " " + C + " " + S::Z + "\n");
}
// expect: 0 200 3 3 6
