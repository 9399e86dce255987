// closeTo has only float and double overloads: int arguments match both equally.
void main() {
  bool b = closeTo(1, 2);
}

// expect-error: 3 Multiple matching signatures to 'closeTo(const int, const int)'
