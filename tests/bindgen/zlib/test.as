// zlib through binds angelc-bindgen generated from /usr/include/zlib.h (tests/bindgen/zlib/zlib.cfg)
array<uint8> bytes(const string &in s) {
    array<uint8> a;
    for (uint i = 0; i < s.length(); i++) a.insertLast(s[i]);
    return a;
}
string text(const array<uint8> &in a) {
    string s;
    s.resize(a.length());
    for (uint i = 0; i < a.length(); i++) s[i] = a[i];
    return s;
}
void main() {
    array<uint8> src = bytes("hello hello hello hello zlib, hello hello hello hello zlib");
    // compress(Bytef *dest, uLongf *destLen, const Bytef *source, uLong sourceLen):
    // dest's size is the capacity, resized to the length written
    array<uint8> packed(zlib::compressBound(src.length()));
    println("compress: " + (zlib::compress(packed, src) == zlib::Z_OK));
    println("smaller: " + (packed.length() < src.length()));
    array<uint8> back(src.length());
    println("uncompress: " + (zlib::uncompress(back, packed) == zlib::Z_OK));
    println(text(back));
    println("round trip: " + (text(back) == text(src)));
    // crc32(uLong crc, const Bytef *buf, uInt len), in one go and in two parts
    uint64 crc = zlib::crc32(0, src);
    println("crc32: " + crc);
    uint64 part = zlib::crc32(0, bytes("hello hello hello hello zlib, "));
    println("crc32 in parts: " + zlib::crc32(part, bytes("hello hello hello hello zlib")));
    println("adler32: " + zlib::adler32(1, src));
    // damaged data and a too small buffer are the library's errors, not crashes
    array<uint8> junk = bytes("not zlib data");
    array<uint8> dest(100);
    println("junk: " + (zlib::uncompress(dest, junk) == zlib::Z_DATA_ERROR));
    array<uint8> tiny(4);
    println("tiny: " + (zlib::uncompress(tiny, packed) == zlib::Z_BUF_ERROR));
    println("version: " + (zlib::zlibVersion().length() > 0));
}
