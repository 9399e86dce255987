// &out parameters of small integer types written by the callee read back with their sign
void set8(int8 &out a) { a = -5; }
void set16(int16 &out a) { a = -300; }
void setu8(uint8 &out a) { a = 250; }
void setb(bool &out b) { b = true; }
void dec8(int8 &out a, int8 v) { a = v - 1; }
void set8Wide(int &out w) { int8 t; set8(t); w = t * 2; }
void main()
{
    int8 x; set8(x); print("" + x + "\n");
    int16 y; set16(y); print("" + y + "\n");
    uint8 u; setu8(u); print("" + u + "\n");
    bool b = false; setb(b); print("" + b + "\n");
    int8 m; dec8(m, -128); print("" + m + "\n");
    int wide; set8Wide(wide); print("" + wide + "\n");
}
// expect: -5
// expect: -300
// expect: 250
// expect: true
// expect: 127
// expect: -10
