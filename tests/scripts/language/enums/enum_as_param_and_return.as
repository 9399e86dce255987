// Enums as function parameters and return values, with overloading on the enum type.
enum Suit { Hearts, Spades }
enum Rank { Ace = 1, King = 13 }
Suit other(Suit s) { return s == Hearts ? Spades : Hearts; }
void describe(Suit s) { print("suit " + s + "\n"); }
void describe(Rank r) { print("rank " + r + "\n"); }
void main() {
  describe(other(Hearts));
  describe(King);
  Suit s = other(Spades);
  describe(s);
}

// expect: suit 1
// expect: rank 13
// expect: suit 0
