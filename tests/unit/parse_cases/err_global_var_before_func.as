void f(){ int x = ; }
int y = 3 +;