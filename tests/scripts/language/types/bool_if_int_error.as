// An if condition must be bool; an int is an error.
void main() {
  int x = 1;
  if (x)
    print("yes\n");
}

// expect-error: 4 Expression must be of boolean type
