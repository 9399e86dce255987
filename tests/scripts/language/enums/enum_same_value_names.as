// Two enums with a value of the same name: the unqualified name is ambiguous, the scoped one works.
enum A { Val = 1 }
enum B { Val = 2 }
void main() {
  print("" + A::Val + " " + B::Val + "\n");
}

// expect: 1 2
