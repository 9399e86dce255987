// Method dispatch, after Wren's benchmark/method_call.wren: Toggle / NthToggle with virtual
// activate() and value(), ten chained calls per loop iteration.
class Toggle {
  bool state;
  Toggle(bool startState) { state = startState; }
  bool value() { return state; }
  Toggle@ activate() { state = !state; return this; }
}
class NthToggle : Toggle {
  int countMax; int count;
  NthToggle(bool startState, int maxCounter) { super(startState); countMax = maxCounter; count = 0; }
  Toggle@ activate() {
    count++;
    if (count >= countMax) { Toggle::activate(); count = 0; }
    return this;
  }
}
void main() {
  int n = 500000;
  bool val = true;
  Toggle@ toggle = Toggle(val);
  for (int i = 0; i < n; i++) {
    val = toggle.activate().value(); val = toggle.activate().value();
    val = toggle.activate().value(); val = toggle.activate().value();
    val = toggle.activate().value(); val = toggle.activate().value();
    val = toggle.activate().value(); val = toggle.activate().value();
    val = toggle.activate().value(); val = toggle.activate().value();
  }
  string first = toggle.value() ? "true" : "false";
  val = true;
  Toggle@ ntoggle = NthToggle(val, 3);
  for (int i = 0; i < n; i++) {
    val = ntoggle.activate().value(); val = ntoggle.activate().value();
    val = ntoggle.activate().value(); val = ntoggle.activate().value();
    val = ntoggle.activate().value(); val = ntoggle.activate().value();
    val = ntoggle.activate().value(); val = ntoggle.activate().value();
    val = ntoggle.activate().value(); val = ntoggle.activate().value();
  }
  print(first + " " + (ntoggle.value() ? "true" : "false") + "\n");
}
