// typedef only works for primitive types.
typedef string text;
void main() {
  text t = "x";
  print(t + "\n");
}

// expect-error: 2 Unexpected token '<identifier>'
