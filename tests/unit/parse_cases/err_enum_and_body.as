enum E { A = 1 + }
void f(){ int x = ; }