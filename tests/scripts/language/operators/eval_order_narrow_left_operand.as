// A left operand of a type narrower than 32 bits (int8, int16, uint8, uint16, bool) is copied
// before the right operand runs, as the reference does: the right side changing the variable
// does not change the left operand. A local of int, uint, int64, float or double is read when the
// operator executes (issue 26).
int gi = 7;
uint8 gu8 = 7;
void main()
{
    uint8 u8 = 7;
    print("" + (u8 + (++u8)) + "\n");
    int8 i8 = 7;
    print("" + (i8 * (i8 = 2)) + "\n");
    int16 i16 = 7;
    print("" + (i16 + (++i16)) + "\n");
    uint16 u16 = 7;
    print("" + (u16 - (u16 = 2)) + "\n");
    u8 = 5;
    print("" + (u8 & (u8 = 2)) + "\n");
    u8 = 7;
    print("" + (u8 <= (u8 = 2)) + "\n");
    u8 = 7;
    print("" + (u8 == (u8 = 2)) + "\n");
    u8 = 7;
    print("" + (u8 ** (u8 = 2)) + "\n");
    u8 = 7;
    print("" + (u8 + (u8 += 1)) + "\n");
    u8 = 7;
    print("" + (u8 + (u8++)) + "\n");
    i8 = 7;
    print("" + (i8 << (i8 = 2)) + "\n");
    u8 = 7;
    print("" + (u8 >> (u8 = 1)) + "\n");
    bool bb = true;
    print("" + (bb == (bb = false)) + "\n");
    bb = true;
    print("" + (bb ^^ (bb = false)) + "\n");
    // wider locals: read after the right side ran
    int i = 7;
    print("" + (i + (++i)) + "\n");
    i = 7;
    print("" + (i * (i = 2)) + "\n");
    i = 5;
    print("" + (i & (i = 2)) + "\n");
    i = 7;
    print("" + (i <= (i = 2)) + "\n");
    i = 7;
    print("" + (i + (i++)) + "\n");
    uint u = 7;
    print("" + (u + (++u)) + "\n");
    int64 i64 = 7;
    print("" + (i64 + (++i64)) + "\n");
    float fl = 7;
    print("" + (fl + (++fl)) + "\n");
    double db = 7;
    print("" + (db + (++db)) + "\n");
    // globals: read before
    print("" + (gi + (++gi)) + "\n");
    print("" + (gu8 + (++gu8)) + "\n");
}
// expect: 15
// expect: 14
// expect: 15
// expect: 5
// expect: 0
// expect: false
// expect: false
// expect: 49
// expect: 15
// expect: 14
// expect: 28
// expect: 3
// expect: false
// expect: true
// expect: 16
// expect: 4
// expect: 2
// expect: true
// expect: 15
// expect: 16
// expect: 16
// expect: 16
// expect: 16
// expect: 15
// expect: 15
