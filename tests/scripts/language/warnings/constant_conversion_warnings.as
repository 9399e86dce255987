// The reference's warnings for constants converted implicitly (issue 26): an integer with no
// exact float or double; a negative constant made unsigned (and too large for a uint8 or uint16
// as well); `~` on a negative signed constant (first made unsigned); a uint8 or uint16 value
// too large for an int8 or int16, and a uint above 2^31 made signed.
void main()
{
    float f = 16777217;
    float f2 = 16777216;              // exact: no warning
    double d = 9007199254740993;
    float f3 = uint(16777217);
    uint u = ~-1;
    const int k = -6;
    uint l = ~k;
    uint z = ~5;                      // 5 is not negative: no warning
    uint8 a = -1;
    uint16 b = -1;
    uint c = int64(-1);
    int8 e = uint8(250);
    int8 g = ~5;
    int h = uint(4294967290);
    print(f + " " + f2 + " " + d + " " + f3 + " " + u + " " + l + " " + z + " " + a + " " + b + " " + c + " " + e + " " + g + " " + h + "\n");
}
// expect-warning: 7 Implicit conversion of value is not exact
// expect-warning: 9 Implicit conversion of value is not exact
// expect-warning: 10 Implicit conversion of value is not exact
// expect-warning: 11 Implicit conversion changed sign of value
// expect-warning: 13 Implicit conversion changed sign of value
// expect-warning: 15 Implicit conversion changed sign of value
// expect-warning: 15 Value is too large for data type
// expect-warning: 16 Implicit conversion changed sign of value
// expect-warning: 16 Value is too large for data type
// expect-warning: 17 Implicit conversion changed sign of value
// expect-warning: 18 Value is too large for data type
// expect-warning: 19 Implicit conversion changed sign of value
// expect-warning: 20 Implicit conversion changed sign of value
// expect: 1.67772e+07 1.67772e+07 9.0072e+15 1.67772e+07 0 5 4294967290 255 65535 4294967295 -6 -6 -6
