#include "x"
void main() {}