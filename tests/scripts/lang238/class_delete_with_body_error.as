// A deleted member cannot have a body (2.38).
// angelc-only: 2.38 feature (checked against ashost-2.38)
class CBar {
  CBar() delete {}
}
void main() {}
// expect-error: 4 Deleted functions cannot have implementation
