// A global variable and a function with the same name.
int f = 1;
void f() {}
void main() {
  print("" + f + "\n");
}

// expect-error: 3 Name conflict. 'f' is a global property.
