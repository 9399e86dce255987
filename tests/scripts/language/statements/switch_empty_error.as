// A switch without any case is an error: "Empty switch statement".
void main() {
  int x = 5;
  switch (x) {}
  print("after\n");
}

// expect-error: 4 Empty switch statement
