// Lambdas cannot capture local variables.
funcdef int F();
void main() {
  int local = 5;
  F@ f = function() { return local; };
}

// expect-error: 5 No matching symbol 'local'
