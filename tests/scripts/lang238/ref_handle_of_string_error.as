// `ref@ a = 'a';`: there is no handle of a string (a value type).
// reference: 2.38 (2.35.1 aborts on an assertion here (checked against ashost-2.38))
void main() {
  ref@ a = 'a';
}
// expect-error: 4 Object handle is not supported for this type
