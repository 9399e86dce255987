// A3: shared function, interface and class (single module).
shared void sf(int x) { print("sf" + x + "\n"); }
shared interface SI { void m(); }
shared class SC : SI { void m() { sf(2); } }
void main() { sf(1); SC c; c.m(); }
// expect: sf1
// expect: sf2
