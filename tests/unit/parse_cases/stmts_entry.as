// @options: entry=statements
int a = 1;
a += 2;
if (a > 2) print("big");
for (int i = 0; i < a; i++) {}
}
x = ;
y = 3;
