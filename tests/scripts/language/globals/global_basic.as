// Global variables of several types, with and without initialisers.
int a = 5;
double b = 2.5;
string s = "glob";
bool flag = true;
int64 big = 5000000000;
uint u;
int c, d = 7;
void main() {
  print("" + a + " " + b + " " + s + " " + flag + " " + big + "\n");
  print("" + u + " " + c + " " + d + "\n");
}

// expect: 5 2.5 glob true 5000000000
// expect: 0 0 7
