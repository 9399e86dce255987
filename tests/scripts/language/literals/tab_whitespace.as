// Tabs and other whitespace between tokens.
void main() {
	int	a	=	7;
	print(""	+	a	+	"\n");
}

// expect: 7
