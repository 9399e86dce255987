// @options: defer
void h() { int x = 1 }
int bad(
