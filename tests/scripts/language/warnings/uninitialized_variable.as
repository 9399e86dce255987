// "'x' is not initialized.": the first read of a local primitive declared without a value and
// not written before in the code (in any branch: the reference does not follow the flow). Once
// per variable. A write through an &out argument initialises it; a bare variable as an if/while
// condition or a switch value is read without the warning, as in the reference.
void setTo(int &out x) { x = 5; }
bool flag = false;
void main() {
  int a;
  int b = a + 1;
  int c;
  if (flag) c = 1;
  int d = c;
  int e;
  setTo(e);
  int f;
  f++;
  int g;
  int h = g;
  int k = g;
  print("" + e + "\n");
}
// expect: 5
// expect-warning: 9 'a' is not initialized.
// expect-warning: 16 'f' is not initialized.
// expect-warning: 18 'g' is not initialized.
