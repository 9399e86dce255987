// Without IGNORE_DUPLICATE_SHARED_INTF (0, the default) a shared interface declared twice is a
// name conflict (ignore_duplicate_shared_intf.as has the property on).
shared interface I { void f(); }
shared interface I { void f(); }
void main() {}
// expect-error: 4 Name conflict. 'I' is an interface.
