// @options: registration entry=funcdef
bool cb(int)
void CALLBACK(const string &in, int = 0)
bool array<T>::less(const T&in if_handle_then_const a, const T&in if_handle_then_const b)
int &refret()
void bad(
