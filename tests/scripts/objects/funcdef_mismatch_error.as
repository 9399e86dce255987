// A function whose signature does not match the funcdef.
funcdef int F(int);
double g(double x) { return x; }
void main() {
  F@ f = @g;
}

// expect-error: 5 Can't implicitly convert from '$func@const' to 'F@&'.
