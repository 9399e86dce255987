// @options: registration entry=func
T &opIndex(uint index)
T &opIndex(uint, uint)
T@ get() const
T@ opImplCast()
any &opAssign(any&in)
any@ f()
any@ f(?&in) explicit
any@ f(const double&in) explicit
any@ f(const int64&in) explicit
array<T> &opAssign(const array<T>&in)
array<T>@ f(int&in type, int&in list) {repeat T}
array<T>@ f(int&in)
array<T>@ f(int&in, int&in) {repeat T}
array<T>@ f(int&in, uint length) explicit
array<T>@ f(int&in, uint length, const T &in value)
array<string> @getDirs() const
array<string> @getFiles() const
array<string> @getKeys() const
array<string>@ split(const string &in) const
bool changeCurrentPath(const string &in)
bool closeTo(double, double, double = 0.0000000001)
bool closeTo(float, float, float = 0.00001f)
bool delete(const string &in)
bool exists(const string &in) const
bool f()
bool f(int&in, bool&out)
bool get(const string &in, ?&out) const
bool get(const string &in, double&out) const
bool get(const string &in, int64&out) const
bool isDir(const string &in) const
bool isEmpty() const
bool isEndOfFile() const
bool isLink(const string &in) const
bool opEquals(const ?&in) const
bool opEquals(const T@+) const
bool opEquals(const array<T>&in) const
bool opEquals(const complex &in) const
bool opEquals(const const_weakref<T> &in) const
bool opEquals(const datetime &in) const
bool opEquals(const ref &in) const
bool opEquals(const string &in) const
bool opEquals(const weakref<T> &in) const
bool retrieve(?&out)
bool retrieve(?&out) const
bool retrieve(double&out)
bool retrieve(double&out) const
bool retrieve(int64&out)
bool retrieve(int64&out) const
bool setDate(uint year, uint month, uint day)
bool setTime(uint hour, uint minute, uint second)
complex &opAddAssign(const complex &in)
complex &opDivAssign(const complex &in)
complex &opMulAssign(const complex &in)
complex &opSubAssign(const complex &in)
complex get_ir() const property
complex get_ri() const property
complex opAdd(const complex &in) const
complex opDiv(const complex &in) const
complex opMul(const complex &in) const
complex opSub(const complex &in) const
const T &opIndex(uint index) const
const T &opIndex(uint, uint) const
const T@ get() const
const T@ opImplCast() const
const dictionaryValue &opIndex(const string &in) const
const_weakref<T> &opAssign(const const_weakref<T> &in)
const_weakref<T> &opHndlAssign(const T@)
const_weakref<T> &opHndlAssign(const const_weakref<T> &in)
const_weakref<T> &opHndlAssign(const weakref<T> &in)
datetime &opAddAssign(int64 seconds)
datetime &opAssign(const datetime &in)
datetime &opSubAssign(int64 seconds)
datetime getCreateDateTime(const string &in) const
datetime getModifyDateTime(const string &in) const
datetime opAdd(int64 seconds) const
datetime opAdd_r(int64 seconds) const
datetime opSub(int64 seconds) const
datetime opSub_r(int64 seconds) const
dictionary &opAssign(const dictionary &in)
dictionary @f(int &in) {repeat {string, ?}}
dictionary@ f()
dictionaryValue &opAssign(const ?&in)
dictionaryValue &opAssign(const dictionaryValue &in)
dictionaryValue &opAssign(double)
dictionaryValue &opAssign(int64)
dictionaryValue &opHndlAssign(const ?&in)
dictionaryValue &opHndlAssign(const dictionaryValue &in)
dictionaryValue &opIndex(const string &in)
double fpFromIEEE(uint64)
double opConv()
double parseFloat(const string &in, uint &out byteCount = 0)
double readDouble()
file @f()
filesystem @f()
float abs() const
float abs(float)
float acos(float)
float asin(float)
float atan(float)
float ceil(float)
float cos(float)
float cosh(float)
float floor(float)
float fpFromIEEE(uint)
float fraction(float)
float log(float)
float pow(float, float)
float readFloat()
float sin(float)
float sinh(float)
float sqrt(float)
float tan(float)
float tanh(float)
grid<T>@ f(int&in type, int&in list) {repeat {repeat_same T}}
grid<T>@ f(int&in)
grid<T>@ f(int&in, uint, uint)
grid<T>@ f(int&in, uint, uint, const T &in)
int close()
int copyFile(const string &in, const string &in)
int deleteFile(const string &in)
int f()
int find(const T&in if_handle_then_const value) const
int find(uint startAt, const T&in if_handle_then_const value) const
int findByRef(const T&in if_handle_then_const value) const
int findByRef(uint startAt, const T&in if_handle_then_const value) const
int findFirst(const string &in, uint start = 0) const
int findFirstNotOf(const string &in, uint start = 0) const
int findFirstOf(const string &in, uint start = 0) const
int findLast(const string &in, int start = -1) const
int findLastNotOf(const string &in, int start = -1) const
int findLastOf(const string &in, int start = -1) const
int getPos() const
int getSize() const
int makeDir(const string &in)
int move(const string &in, const string &in)
int movePos(int)
int opCmp(const datetime &in) const
int opCmp(const string &in) const
int open(const string &in, const string &in)
int removeDir(const string &in)
int setPos(int)
int writeDouble(double)
int writeFloat(float)
int writeInt(int64, uint)
int writeString(const string &in)
int writeUInt(uint64, uint)
ref &opHndlAssign(const ?&in)
ref &opHndlAssign(const ref &in)
string &opAddAssign(bool)
string &opAddAssign(const string &in)
string &opAddAssign(double)
string &opAddAssign(float)
string &opAddAssign(int64)
string &opAddAssign(uint64)
string &opAssign(bool)
string &opAssign(const string &in)
string &opAssign(double)
string &opAssign(float)
string &opAssign(int64)
string &opAssign(uint64)
string formatFloat(double val, const string &in options = "", uint width = 0, uint precision = 0)
string formatInt(int64 val, const string &in options = "", uint width = 0)
string formatUInt(uint64 val, const string &in options = "", uint width = 0)
string getCurrentPath() const
string getExceptionInfo()
string join(const array<string> &in, const string &in)
string opAdd(bool) const
string opAdd(const string &in) const
string opAdd(double) const
string opAdd(float) const
string opAdd(int64) const
string opAdd(uint64) const
string opAdd_r(bool) const
string opAdd_r(double) const
string opAdd_r(float) const
string opAdd_r(int64) const
string opAdd_r(uint64) const
string readLine()
string readString(uint)
string substr(uint start = 0, int count = -1) const
uint fpToIEEE(float)
uint getSize() const
uint get_day() const property
uint get_hour() const property
uint get_minute() const property
uint get_month() const property
uint get_second() const property
uint get_year() const property
uint height() const
uint length() const
uint width() const
void coroutine(dictionary@)
void createCoRoutine(coroutine @+, dictionary @+)
void deleteAll()
void erase(uint pos, int count = -1)
void f()
void f(const ?&in)
void f(const complex &in)
void f(const datetime &in)
void f(const int &in) {float, float}
void f(const ref &in)
void f(const string &in)
void f(float)
void f(float, float)
void f(int&in)
void f(int&in, T@+) explicit
void f(int&in, const T@+) explicit
void f(uint, uint, uint, uint = 0, uint = 0, uint = 0)
void insert(uint pos, const string &in other)
void insertAt(uint index, const T&in value)
void insertAt(uint index, const array<T>& arr)
void insertLast(const T&in value)
void opCast(?&out)
void opConv(?&out)
void removeAt(uint index)
void removeLast()
void removeRange(uint start, uint count)
void reserve(uint length)
void resize(uint length)
void resize(uint width, uint height)
void resize(uint)
void reverse()
void set(const string &in, const ?&in)
void set(const string &in, const double&in)
void set(const string &in, const int64&in)
void set_ir(const complex &in) property
void set_ri(const complex &in) property
void sort(const less &in, uint startAt = 0, uint count = uint(-1))
void sortAsc()
void sortAsc(uint startAt, uint count)
void sortDesc()
void sortDesc(uint startAt, uint count)
void store(?&in)
void store(const double&in)
void store(const int64&in)
void throw(const string &in)
void yield()
weakref<T> &opAssign(const weakref<T> &in)
weakref<T> &opHndlAssign(T@)
weakref<T> &opHndlAssign(const weakref<T> &in)
