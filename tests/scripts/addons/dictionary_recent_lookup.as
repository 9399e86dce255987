// The dictionary remembers the entry its last lookup found: reading a key and writing it again,
// deleting that entry, clearing, keys of the same length, a key string changed in place, a number
// stored over an object and an object over a number must all still see the right entry.
void main() {
  dictionary d;
  d.set("key1", int64(1));
  d.set("key2", int64(2));
  int64 v = 0;
  d.get("key1", v); d.set("key1", v + 10);
  d.get("key2", v); d.set("key2", v + 20);
  d.get("key1", v); print("key1 " + v + "\n");
  d.get("key2", v); print("key2 " + v + "\n");
  // delete the entry found last, then look it up again
  d.get("key2", v);
  print("delete " + d.delete("key2") + " exists " + d.exists("key2") + " get " + d.get("key2", v) + "\n");
  d.set("key2", int64(5));
  d.get("key2", v); print("key2 again " + v + " size " + d.getSize() + "\n");
  // clear everything after a lookup
  d.get("key1", v);
  d.deleteAll();
  print("after deleteAll " + d.exists("key1") + " " + d.getSize() + "\n");
  // a key string changed in place between two lookups
  string k = "abcd";
  d.set(k, int64(1));
  k[3] = 101;  // 'e'
  print("changed key " + d.exists(k) + " " + d.exists("abcd") + "\n");
  d.set(k, int64(7));
  d.get("abcd", v); print("abcd " + v);
  d.get("abce", v); print(" abce " + v + "\n");
  // long keys and empty keys
  string long1 = "a long key that does not fit in sixteen bytes 1";
  string long2 = "a long key that does not fit in sixteen bytes 2";
  d.set(long1, int64(100)); d.set(long2, int64(200)); d.set("", int64(300));
  d.get(long1, v); print("long1 " + v);
  d.get(long2, v); print(" long2 " + v);
  d.get("", v); print(" empty " + v + "\n");
  // a number over a string and a string over a number
  d.set("x", "text");
  d.set("x", int64(9));
  d.get("x", v); print("x " + v);
  d.set("x", "again");
  string s; d.get("x", s); print(" x " + s + "\n");
  // doubles stored and read back through the same path
  double f = 0;
  d.set("f", 1.5); d.get("f", f); d.set("f", f * 2); d.get("f", f); print("f " + f + "\n");
  // a copy of the dictionary does not share the remembered entry
  d.get("key1", v);
  dictionary e = d;
  e.set("f", 0.25);
  d.get("f", f); print("d.f " + f);
  e.get("f", f); print(" e.f " + f + "\n");
}

// expect: key1 11
// expect: key2 22
// expect: delete true exists false get false
// expect: key2 again 5 size 2
// expect: after deleteAll false 0
// expect: changed key false true
// expect: abcd 1 abce 7
// expect: long1 100 long2 200 empty 300
// expect: x 9 x again
// expect: f 3
// expect: d.f 3 e.f 0.25
