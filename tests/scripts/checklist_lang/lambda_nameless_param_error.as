// A5: nameless lambda parameters are 2.36; 2.35.1 rejects them.
funcdef void CB(int, int);
void main() {
  CB@ f = function(int, int b) { print("" + b + "\n"); };
}
// expect-error: 4 Expected ')'
