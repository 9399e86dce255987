// Inside a class, a method's bare name as an argument is the same mistake (not an unknown
// symbol).
funcdef void CALLBACK(int);
class Test {
  void Init() {
    SetCallback(MyCallback);
  }
  void MyCallback(int) {}
}
void SetCallback(CALLBACK @) {}
void main() {}
// expect-error: 6 No matching signatures to 'SetCallback(Test::MyCallback)'
