// set of an int64 or a double stores a number over a number in place and takes the full path for
// a new key or an object value: every key length (the short and the long hashes), keys written
// without a read before them, an empty value made by the index operator, a bool and an enum
// overwritten, an object and a handle released, and a null dictionary.
enum Colour { Red = 3 }
class Noisy {
  string name;
  Noisy() { name = "copy"; }
  Noisy(const string &in n) { name = n; }
  ~Noisy() { print("released " + name + "\n"); }
}
void main() {
  dictionary d;
  string key = "";
  array<string> keys;
  for (int n = 0; n <= 40; n++) {
    keys.insertLast(key);
    key += "" + (n % 10);
  }
  // new keys (no lookup before them), then numbers over numbers, then doubles over int64s
  for (uint i = 0; i < keys.length(); i++) d.set(keys[i], int64(i));
  for (uint i = 0; i < keys.length(); i++) d.set(keys[keys.length() - 1 - i], int64(i * 2));
  for (uint i = 0; i < keys.length(); i += 2) d.set(keys[i], double(i) + 0.5);
  int64 total = 0;
  double dtotal = 0;
  for (uint i = 0; i < keys.length(); i++) {
    int64 v = -1;
    double f = -1;
    if (i % 2 == 0) { d.get(keys[i], f); dtotal += f; }
    else { d.get(keys[i], v); total += v; }
  }
  print("size " + d.getSize() + " ints " + total + " doubles " + dtotal + "\n");
  // an empty value the index operator made, then a number over it
  dictionaryValue @dv = d["empty"];
  int64 e = -1;
  print("empty get " + d.get("empty", e) + "\n");
  d.set("empty", int64(11));
  d.get("empty", e);
  print("empty now " + e + "\n");
  // a bool and an enum overwritten by numbers
  d["b"] = true;
  d.set("b", int64(4));
  d["c"] = Red;
  d.set("c", 2.25);
  double cf = 0;
  d.get("b", e);
  d.get("c", cf);
  print("b " + e + " c " + cf + "\n");
  // objects and handles released by a number stored over them, read just before
  d.set("h", @Noisy("handle"));
  Noisy@ back;
  d.get("h", @back);
  @back = null;
  d.set("h", int64(1));
  {
    Noisy n("value");
    d.set("o", n);
    d.set("o", 3.0);
  }
  print("after release\n");
  // a key written twice in a row (the remembered entry), and a changed key string
  string k = "abcd";
  d.set(k, int64(1));
  d.set(k, int64(2));
  k[0] = 122;  // 'z'
  d.set(k, int64(3));
  int64 a = 0, z = 0;
  d.get("abcd", a);
  d.get("zbcd", z);
  print("abcd " + a + " zbcd " + z + "\n");
  dictionary@ none;
  print("before null\n");
  none.set("a", int64(1));
  print("not reached\n");
}

// expect: size 41 ints 800 doubles 430.5
// expect: empty get false
// expect: empty now 11
// expect: b 4 c 2.25
// expect: released handle
// expect: released value
// expect: released value
// expect: after release
// expect: abcd 2 zbcd 3
// expect: before null
// expect-exception: Null pointer access
