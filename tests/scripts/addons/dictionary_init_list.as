// dictionary initialisation lists, nested dictionaries.
void main() {
  dictionary d = {{"one", 1}, {"two", 2.0}, {"name", "dict"}};
  print("" + d.getSize() + " " + int(d["one"]) + " " + double(d["two"]) + " " + string(d["name"]) + "\n");
  dictionary nested = {{"inner", dictionary = {{"x", 10}}}};
  dictionary@ inner = cast<dictionary>(nested["inner"]);
  print("" + int(inner["x"]) + "\n");
}

// expect: 3 1 2 dict
// expect: 10
