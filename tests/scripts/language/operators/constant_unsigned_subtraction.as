// A constant unsigned subtraction whose right side is the larger is folded to a signed constant
// of the same size, as the reference does (issue 26): uint8(5) - uint8(6) is the int -1, in
// further expressions too. Only subtraction, only constants, only when the left side is smaller.
const uint8 K = 5;
void main()
{
    print("" + (uint8(5) - uint8(6)) + "\n");
    print("" + (uint16(5) - uint16(6)) + "\n");
    print("" + (uint(5) - uint(6)) + "\n");
    print("" + (uint64(5) - uint64(6)) + "\n");
    print("" + (uint(5) - 6) + "\n");
    print("" + (K - uint8(6)) + "\n");
    print("" + (uint8(5) - uint8(6) + 1) + "\n");
    print("" + ((uint8(5) - uint8(6)) / 2) + "\n");
    print("" + (uint8(1) - uint8(2) > 0) + "\n");
    print("" + (uint(0) - uint(0xF0000000)) + "\n");
    print("" + (uint64(0) - uint64(0xF0000000)) + "\n");
    print("" + (uint(0xF0000000) - uint(1)) + "\n");    // left side larger: stays unsigned
    print("" + (uint(0xF0000000) + uint(1)) + "\n");    // not a subtraction
    print("" + (uint8(200) + uint8(100)) + "\n");
    uint8 a = 5, b = 6;
    print("" + (a - b) + "\n");                         // not constants: unsigned
    uint x = uint(5) - uint(6);
    print("" + x + "\n");
    int64 y = uint(5) - uint(6);
    print("" + y + "\n");
    uint64 z = uint64(5) - uint64(6);
    print("" + z + "\n");
    double d = uint(5) - uint(6);
    print("" + d + "\n");
}
// expect: -1
// expect: -1
// expect: -1
// expect: -1
// expect: -1
// expect: -1
// expect: 0
// expect: 0
// expect: false
// expect: 268435456
// expect: -4026531840
// expect: 4026531839
// expect: 4026531841
// expect: 300
// expect: 4294967295
// expect: 4294967295
// expect: -1
// expect: 18446744073709551615
// expect: -1
// expect-warning: 23 Implicit conversion changed sign of value
// expect-warning: 27 Implicit conversion changed sign of value
