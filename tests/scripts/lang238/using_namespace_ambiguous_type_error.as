// `using namespace` (2.38) making two types of the same name visible (also through the used
// namespace's own directive): the name is ambiguous.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
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
