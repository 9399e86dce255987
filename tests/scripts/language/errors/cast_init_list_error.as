// An initialisation list has no type of its own, so nothing converts it, not even to ref.
void main() {
  ref @r = cast<ref>({1, 2, 3});
}
// expect-error: 3 No conversion from '<anonymous initialization list>' to 'ref' available.
