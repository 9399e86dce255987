// Global initialisers run in the reference's order: rounds in declaration order, a global that
// reads one not yet initialised waiting for a later round (compiled once per round it can
// progress in, so a long chain is linear: tests/api/robust_compile.c).
int note(const string &in name, int v) { print(name + " "); return v; }
int a = note("a", c + 1);
int b = note("b", 2);
int c = note("c", e + b);
int d = note("d", a + c);
int e = note("e", 5);
int f = note("f", g + h);
int g = note("g", h * 2);
int h = note("h", 1);
int i = note("i", d + f);
int j = note("j", 0);
void main()
{
    print("\n" + a + " " + b + " " + c + " " + d + " " + e + " " + f + " " + g + " " + h + " " + i + " " + j + "\n");
}
// expect: b e h j c g a d f i 
// expect: 8 2 7 15 5 3 2 1 18 0
