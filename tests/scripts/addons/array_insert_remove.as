// insertLast, insertAt (value and array), removeAt, removeLast, removeRange.
string str(const array<int> &in a) { string s = "{"; for (uint i = 0; i < a.length(); i++) s += (i > 0 ? "," : "") + a[i]; return s + "}"; }
void main() {
  array<int> a = {1, 2, 3};
  a.insertLast(0);      print(str(a) + "\n");
  a.insertAt(2, 4);     print(str(a) + "\n");
  a.removeAt(1);        print(str(a) + "\n");
  a.removeLast();       print(str(a) + "\n");
  array<int> more = {8, 9};
  a.insertAt(1, more);  print(str(a) + "\n");
  a.insertAt(a.length(), 5); print(str(a) + "\n");
  a.removeRange(1, 2);  print(str(a) + "\n");
  a.removeRange(1, 100); print(str(a) + "\n");
}

// expect: {1,2,3,0}
// expect: {1,2,4,3,0}
// expect: {1,4,3,0}
// expect: {1,4,3}
// expect: {1,8,9,4,3}
// expect: {1,8,9,4,3,5}
// expect: {1,4,3,5}
// expect: {1}
