// reference: 2.38 (2.35.1 fails an assertion on auto[])
// `auto[]`: an array of auto is no type ('Data type can't be '<auto>''); a plain auto without
// initialiser is 'Unable to resolve auto type'.
auto[] list;
void main() {}
// expect-error: 4 Data type can't be '<auto>'
