// engine-property: PROPERTY_ACCESSOR_MODE=0
// In accessor mode 0 not even a global virtual property may be declared.
int g { get { return 3; } }
void main() {
  print("x\n");
}
// expect-error: 3 Property accessors have been disabled by the application
