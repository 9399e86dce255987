// Keys of every length from 0 to 40 bytes, each differing from the others in one byte at each
// position (the hash reads short keys as overlapping words, long ones 16 bytes at a time, and a
// lookup confirms the first entry of the same hash inline): every key must find its own entry,
// before and after the table grows, and after the entries around it are deleted.
string keyOf(uint len, uint pos, uint8 c) {
  string s;
  s.resize(len);
  for (uint i = 0; i < len; i++) s[i] = 97 + (i % 26);
  if (pos < len) s[pos] = c;
  return s;
}
void main() {
  dictionary d;
  array<string> keys;
  for (uint len = 0; len <= 40; len++) {
    keys.insertLast(keyOf(len, len, 0));
    for (uint pos = 0; pos < len; pos++) keys.insertLast(keyOf(len, pos, 48 + (pos % 10)));
  }
  for (uint i = 0; i < keys.length(); i++) d.set(keys[i], int64(i));
  uint wrong = 0;
  for (uint i = 0; i < keys.length(); i++) {
    int64 v = -1;
    if (!d.get(keys[i], v) || v != int64(i)) wrong++;
  }
  print("keys " + keys.length() + " size " + d.getSize() + " wrong " + wrong + "\n");
  // every other key deleted: the rest still found, the deleted ones gone
  for (uint i = 0; i < keys.length(); i += 2) d.delete(keys[i]);
  uint found = 0, gone = 0;
  for (uint i = 0; i < keys.length(); i++) {
    int64 v = -1;
    bool has = d.get(keys[i], v);
    if (i % 2 == 0 && !has) gone++;
    if (i % 2 == 1 && has && v == int64(i)) found++;
  }
  print("size " + d.getSize() + " found " + found + " gone " + gone + "\n");
  // read then write the same key (the recent entry), for each length
  for (uint len = 0; len <= 40; len += 13) {
    string k = keyOf(len, 99, 0);
    d.set(k, int64(1));
    int64 v = 0;
    d.get(k, v);
    d.set(k, v + 1);
    d.get(k, v);
    print("len " + len + " -> " + v + "\n");
  }
}
// expect: keys 861 size 861 wrong 0
// expect: size 430 found 430 gone 431
// expect: len 0 -> 2
// expect: len 13 -> 2
// expect: len 26 -> 2
// expect: len 39 -> 2
