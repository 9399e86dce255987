// Context-sensitive keywords can be used as identifiers.
void main() {
  int get = 1, set = 2, final = 3, override = 4, shared = 5, abstract = 6, explicit = 7, property = 8, external = 9, from = 10, super = 11, function = 12;
  print("" + (get + set + final + override + shared + abstract + explicit + property + external + from + super + function) + "\n");
}

// expect: 78
