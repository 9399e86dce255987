// `using namespace` (2.38) making two types of the same name visible (also through the used
// namespace's own directive): the name is ambiguous.
// angelc-only: 2.38 feature (checked against ashost-2.38)
namespace App { class Class {} }
namespace Bar {
  using namespace App;
  class Class {}
}
namespace Test {
  using namespace Bar;
  class B : Class {}
  class C : Bar::Class {}
}
void main() {}
// expect-error: 11 Ambiguous symbol name 'Class'
