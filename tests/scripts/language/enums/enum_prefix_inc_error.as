// Prefix ++ on an enum: "Illegal operation on this datatype" (postfix is accepted).
enum E { A, B }
void main() {
  E e = A;
  ++e;
  print("" + e + "\n");
}

// expect-error: 5 Illegal operation on this datatype
