// Returning a null handle where an object is returned by value.
string[] get_list() {
  string[]@ null_handle;
  return null_handle;
}
void main() {
  string[] result = get_list();
}
// expect-exception: Null pointer access
