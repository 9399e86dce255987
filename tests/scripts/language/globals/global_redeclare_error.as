// Two globals with the same name.
int g = 1;
int g = 2;
void main() {
  print("" + g + "\n");
}

// expect-error: 3 Name conflict. 'g' is a global property.
