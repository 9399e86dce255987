// A deleted member cannot have a body (2.38).
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class CBar {
  CBar() delete {}
}
void main() {}
// expect-error: 4 Deleted functions cannot have implementation
