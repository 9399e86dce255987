class C { void m() { int z = ; } }
void f(){ int x = ; }