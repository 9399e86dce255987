// sortAsc/sortDesc of objects make the same opCmp calls as the reference (std::sort), also past
// 16 elements where it partitions, and put equal elements in the same order.
int calls = 0;
class K {
  int v; int id;
  K() {}
  K(int a, int b) { v = a; id = b; }
  int opCmp(const K &in o) const { calls++; return v - o.v; }
}
void main() {
  array<K@> a(40);
  for (int i = 0; i < 40; i++) @a[i] = K((i * 17) % 7, i);
  a.sortAsc();
  string s = "" + calls + ":";
  for (uint i = 0; i < a.length(); i++) s += " " + a[i].id;
  print(s + "\n");
  calls = 0;
  array<K> b;
  for (int i = 0; i < 12; i++) b.insertLast(K(i % 3, i));
  b.sortDesc();
  s = "" + calls + ":";
  for (uint i = 0; i < b.length(); i++) s += " " + b[i].id;
  print(s + "\n");
}

// expect: 217: 21 0 35 7 28 14 26 5 19 33 12 31 24 17 10 3 38 15 29 8 36 22 1 20 34 27 13 6 25 18 32 11 4 39 23 16 30 9 37 2
// expect: 47: 2 5 8 11 1 4 7 10 0 3 6 9
