// Integers joined to strings, at their limits (angelc formats them without printf).
// expect: -9223372036854775808 18446744073709551615 0 -5 -128 255 65535
// expect: x=2147483647 y=-2147483648
void main() {
    int64 a = -9223372036854775807 - 1;
    uint64 b = 18446744073709551615;
    print('' + a + ' ' + b + ' ' + 0 + ' ' + (-5) + ' ' + int8(-128) + ' ' + uint8(255) + ' ' + uint16(65535) + '\n');
    string s = 'x=';
    s += 2147483647;
    s += ' y=';
    s += -2147483647 - 1;
    print(s + '\n');
}
