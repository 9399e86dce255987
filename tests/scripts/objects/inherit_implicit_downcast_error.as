// A base handle does not convert implicitly to a derived handle.
class Base {}
class Derived : Base {}
void main() {
  Base@ b = Derived();
  Derived@ d = b;
}

// expect-error: 6 Can't implicitly convert from 'Base@&' to 'Derived@&'.
