int x y;
void main() {}
float z w;