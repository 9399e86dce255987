// A lambda where no funcdef gives it its signature (a statement of its own, a dictionary value,
// any::store) is "Invalid expression: stand-alone anonymous function"; `auto f = function...` is
// 'Unable to resolve auto type'.
void main() {
  function() {};
}
// expect-error: 5 Invalid expression: stand-alone anonymous function
