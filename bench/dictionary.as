// Dictionary get and set with string keys.
void main() {
  dictionary d;
  array<string> keys(1000);
  for (int i = 0; i < 1000; i++) keys[i] = "key" + i;
  for (int i = 0; i < 1000; i++) d.set(keys[i], int64(i));
  int64 total = 0;
  for (int rep = 0; rep < 4000; rep++) {
    for (uint i = 0; i < keys.length(); i++) {
      int64 v = 0;
      d.get(keys[i], v);
      d.set(keys[i], v + 1);
      total += v;
    }
  }
  print("" + total + " " + d.getSize() + "\n");
}
