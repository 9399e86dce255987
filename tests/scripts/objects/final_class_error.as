// Inheriting from a final class.
final class Sealed {}
class Sub : Sealed {}
void main() {}

// expect-error: 3 Can't inherit from class 'Sealed' marked as final
