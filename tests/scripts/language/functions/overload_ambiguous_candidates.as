// "Multiple matching signatures" lists the equally good candidates, without "Candidates are:".
namespace N {
  void set(int8 a) {}
  void set(int16 b) {}
}
void main() {
  N::set(1.5);
}
// expect-error: 7 Multiple matching signatures to 'N::set(const double)'
// expect-info: 7 void N::set(int8 a)
// expect-info: 7 void N::set(int16 b)
