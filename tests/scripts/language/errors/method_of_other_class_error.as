// Calling another class's method through its name inside a method of a class that does not
// derive from it.
namespace ns2 { class Base { void Setup() {} } }
class Derived {
  void Setup() { ns2::Base::Setup(); }
}
void main() {}
// expect-error: 5 Method 'ns2::Base::Setup' is not part of object 'Derived'
