// @options: unicode
int café = 1;
void main() { int 名前 = café; }
