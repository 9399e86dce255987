// An anonymous initialisation list (`dictionary = {...}`) as a value in a dictionary list.
void main() {
  dictionary nested = {{"inner", dictionary = {{"x", 10}}}};
  dictionary@ inner;
  print("" + nested.get("inner", @inner) + " " + inner.getSize() + "\n");
}

// expect: true 1
