// `ref@ r = j;` of a number: there is no handle of a primitive.
void main() {
  int j = 0;
  ref@ myRef = j;
}
// expect-error: 4 Object handle is not supported for this type
