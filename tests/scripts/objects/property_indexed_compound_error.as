// Compound assignments through indexed property accessors are not supported.
int[] store = {1, 2, 3};
int get_g(uint i) property { return store[i]; }
void set_g(uint i, int v) property { store[i] = v; }
void main() {
  g[2] += 3;
}
// expect-error: 6 Compound assignments with indexed property accessors are not supported
