// Regression (angelc got this wrong before): accepts a mixin that inherits a class; reference: "Mixin class cannot inherit from classes" (4:17).
// A7: mixins may list interfaces only.
class B {}
mixin class M : B { }
class C : M {}
void main() { C c; }
// expect-error: 4 Mixin class cannot inherit from classes
