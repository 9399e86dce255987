// Where the reference places constant conversion warnings (issue 26): a case value's at the start
// of the value (not at an operator in it), a negated literal argument's at its number (not at
// the minus): `10:10`, `11:10`, `13:8`, `14:10` here, as 2.38 prints them. (The runner checks the
// lines; the columns were compared with 2.38 by hand.)
void f(uint8 a) {}
void main()
{
    int k = 1;
    switch (k) {
    case 1+5000000000: break;
    case 3000000000: break;
    }
    f(-1);
    f(  -300);
}
// expect-warning: 10 Value is too large for data type
// expect-warning: 11 Value is too large for data type
// expect-warning: 13 Implicit conversion changed sign of value
// expect-warning: 13 Value is too large for data type
// expect-warning: 14 Value is too large for data type
