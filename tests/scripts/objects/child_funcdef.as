// A funcdef declared inside a class is referred to as Class::Name.
class Button {
  funcdef void Handler(int);
  Handler@ onClick;
  void click(int n) { if (onClick !is null) onClick(n); }
}
void report(int n) { print("clicked " + n + "\n"); }
void main() {
  Button b;
  b.click(1);
  @b.onClick = report;
  b.click(2);
  Button::Handler@ h = report;
  h(3);
}

// expect: clicked 2
// expect: clicked 3
