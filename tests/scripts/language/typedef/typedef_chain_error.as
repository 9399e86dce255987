// A typedef of a typedef is a syntax error in 2.35.1 (only primitive types can be aliased).
typedef int32 myint;
typedef myint myint2;
void main() {
  myint2 v = -7;
  print("" + v + "\n");
}

// expect-error: 3 Unexpected token '<identifier>'
