// String ordering is byte-wise: uppercase before lowercase, shorter prefix first.
void main() {
  array<string> a = {"banana", "Apple", "apple", "app", "", "Banana"};
  a.sortAsc();
  string s;
  for (uint i = 0; i < a.length(); i++) s += "[" + a[i] + "]";
  print(s + "\n");
}

// expect: [][Apple][Banana][app][apple][banana]
