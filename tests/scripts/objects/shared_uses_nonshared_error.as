// Shared code cannot access non-shared global variables.
int g = 1;
shared class S {
  int get() { return g; }
}
void main() {}

// expect-error: 4 Shared code cannot access non-shared global variable 'g'
