// A script type may not take the name of a registered function (issue 26): the reference
// reports a name conflict (a class, interface, enum, typedef or funcdef alike; in another
// namespace the name is free).
namespace other { class print {} }
void main()
{
}
enum sqrt { A }
// expect-error: 8 Name conflict. 'sqrt' is a global function.
