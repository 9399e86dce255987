// @options: registration entry=type
int
const int
array<int>@
array<class T>
map<class K, class V>
array<T>
array<array<int>>@[]
ns::Foo@ const
::Global
?
int &
array<int
5
