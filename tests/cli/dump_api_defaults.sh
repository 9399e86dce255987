# angelc dump-api keeps default arguments as written (editors read them back): issue 27.
. tests/cli/lib.sh

t 0 dump-api
out_has "int regexFind(const string&in regex, uint start = 0, uint&out lengthOfMatch = void) const;"
out_has "uint count = uint(-1)"
out_lacks "= ..."
out_has "funcdef bool less(const T&in a, const T&in b);"
finish
