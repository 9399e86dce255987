// @options: registration entry=var
const int x
int &y
array<int>@ arr
int ns::scoped
const string &ns::inner::name
int
int x y
