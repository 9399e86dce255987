// BOM, CRLF, tabs and comments
class A { bool isTrue() { return true; } }
void main() {
	A a; A@ h = a;
	bool b = !a.isTrue() || h !is null || !h.isTrue();
	/* block
	   comment */ int/**/x/**/=/**/1;// trailing
	double d = .5+x;
	b = h!is null;
	int y = x---x;
	y = x+++x;
}
