// Assignment copies the dictionary (shallow); handles share.
void main() {
  dictionary a = {{"k", 1}};
  dictionary b;
  b = a;
  b["k"] = 2;
  print("" + int(a["k"]) + " " + int(b["k"]) + "\n");
  dictionary@ h = a;
  h["k"] = 3;
  print("" + int(a["k"]) + "\n");
}

// expect: 1 2
// expect: 3
