// A namespaced function is not visible from global code without qualification.
namespace ns { void hidden() {} }
void main() {
  hidden();
}

// expect-error: 4 No matching symbol 'hidden'
