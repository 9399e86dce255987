// Global auto variables whose initialisers read each other: the first one's initialiser is
// reported ('No matching symbol'), not 'Unable to resolve auto type'. (One that names a global
// declared after it is fine: globals/global_auto_forward.as.)
auto x = y;
auto y = x;
void main() {}
// expect-error: 4 No matching symbol 'y'
