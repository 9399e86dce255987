// T(v) for types other than int64 and double goes through dictionaryValue's `void opConv(?&out)`.
void main() {
  dictionary d;
  d["b"] = "two";
  string s = string(d["b"]);
  print(s + "\n");
}

// expect: two
