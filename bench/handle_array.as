// Iterating over an array of handles: each element read as a handle, its fields read and
// written through it.
class Particle { int x; int v; Particle(int x, int v) { this.x = x; this.v = v; } }
void main() {
  array<Particle@> ps;
  for (int i = 0; i < 1000; i++) ps.insertLast(Particle(i, i % 7 - 3));
  int64 total = 0;
  for (int rep = 0; rep < 20000; rep++) {
    for (uint i = 0; i < ps.length(); i++) { Particle@ p = ps[i]; p.x += p.v; total += p.x; }
  }
  print("" + total + "\n");
}
