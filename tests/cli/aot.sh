# angelc aot (docs/aot.md): a script's functions written as C, compiled warning-free by gcc and
# clang, registered in a host, running with the interpreter's output, exceptions (function and
# line), co-routines and budgets; a changed script runs interpreted with one warning; --exe.
. tests/cli/lib.sh
need_command cc "(a C compiler)"
dir=$(cd "$(dirname "$ANGELC")" && pwd)
ANGELC=$dir/$(basename "$ANGELC")
angelc=$ANGELC
[ -f "$dir/libangelc_cli.a" ] || { echo "SKIP: no libangelc_cli.a beside angelc"; exit 0; }
root=$(pwd)
cd "$tmp"

cat > prog.as <<'AS'
class Animal {
    string name;
    Animal(string n) { name = n; }
    string speak() { return name + " ..."; }
}
class Dog : Animal {
    Dog(string n) { super(n); }
    string speak() override { return name + " woof"; }
}
interface Shape { double area(); }
class Sq : Shape {
    double s;
    Sq(double x) { s = x; }
    double area() { return s * s; }
}
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int divide(int a, int b) { return a / b; }
void co(dictionary@ args) {
    for (int i = 0; i < 3; i++) { print("co " + i + "\n"); yield(); }
}
void main() {
    print(fib(20) + "\n");
    array<Animal@> zoo = { Animal("cat"), Dog("rex") };
    for (uint i = 0; i < zoo.length(); i++) print(zoo[i].speak() + "\n");
    Shape@ s = Sq(1.5);
    print(s.area() + "\n");
    array<int> a = {1, 2, 3};
    int sum = 0;
    for (uint i = 0; i < a.length(); i++) sum += a[i];
    print(sum + "\n");
    try { a[5] = 1; } catch { print("caught: " + getExceptionInfo() + "\n"); }
    Animal@ nobody;
    try { print(nobody.speak()); } catch { print("caught: " + getExceptionInfo() + "\n"); }
    createCoRoutine(co, null);
    for (int i = 0; i < 3; i++) { print("main " + i + "\n"); yield(); }
    int64 big = 1;
    for (int i = 0; i < 40; i++) big *= 3;
    print(big + "\n");
    print(divide(7, 2) + "\n");
    print(divide(1, 0) + "\n");
}
AS

# the C: one function per script function, named in comments; warning-free
t 0 aot prog.as
[ -f prog_aot.c ] || fail "aot wrote no prog_aot.c"
checks=$((checks + 1))
grep -q "int divide(int, int) (prog.as:17)" prog_aot.c || fail "prog_aot.c does not name int divide(int, int)"
checks=$((checks + 1))
grep -q "void prog_aot_register(void)" prog_aot.c || fail "prog_aot.c has no prog_aot_register"
for cc in gcc clang; do
    command -v $cc >/dev/null 2>&1 || continue
    for f in prog_aot.c; do
        checks=$((checks + 1))
        $cc -std=c11 -O2 -Wall -Wextra -Werror -I"$root/include" -c $f -o /dev/null 2>cc.err || { fail "$cc warns on $f"; cat cc.err; }
    done
done

# --exe: the same output, exception report and status as angelc run
"$ANGELC" run prog.as >run.out 2>run.err
run_status=$?
t 0 aot --exe prog.as -o prog
./prog >exe.out 2>exe.err
exe_status=$?
checks=$((checks + 1))
[ "$exe_status" = "$run_status" ] && [ "$exe_status" = 1 ] || fail "--exe program exit $exe_status, angelc run $run_status"
checks=$((checks + 1))
cmp -s run.out exe.out || { fail "--exe program's stdout differs from angelc run's"; diff run.out exe.out; }
checks=$((checks + 1))
cmp -s run.err exe.err || { fail "--exe program's stderr differs from angelc run's"; diff run.err exe.err; }
checks=$((checks + 1))
grep -q "in int divide(int, int) at prog.as:17:28" exe.err || fail "the exception does not name divide and its line"

# a host with the compiled script: the command line plus one registration call
cat > host.c <<'C'
#include "angelc_cli.h"
void prog_aot_register(void);
int main(int argc, char **argv)
{
    prog_aot_register();
    return angelc_cli_main(argc, argv, NULL, NULL);
}
C
libs="$dir/libangelc_cli.a"
[ -f "$dir/libangelc_servers.a" ] && libs="$libs $dir/libangelc_servers.a"
libs="$libs $dir/libangelc.a -lffi -lm -lpthread"
pkg-config --exists libcjson 2>/dev/null && libs="$libs $(pkg-config --libs libcjson)"
pkg-config --exists libedit 2>/dev/null && libs="$libs $(pkg-config --libs libedit)"
# the compiler and sanitizer runtime the libraries were built with
hostcc=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$dir/CMakeCache.txt" 2>/dev/null)
[ -x "${hostcc:-}" ] || hostcc=cc
grep -q '^ANGELC_SANITIZE:BOOL=ON' "$dir/CMakeCache.txt" 2>/dev/null && libs="$libs -fsanitize=address,undefined"
checks=$((checks + 1))
# shellcheck disable=SC2086
"$hostcc" -O1 -I"$root/include" -o host host.c prog_aot.c $libs 2>cc.err || { fail "the host does not link"; cat cc.err; }
ANGELC=$tmp/host
t 1 run prog.as
out_has "-6289078614652622815"
err_has "in int divide(int, int) at prog.as:17:28"
err_lacks "compiled code does not match"
# a budget stops compiled loops as it stops interpreted ones
t 4 run --max-instructions 1000 -e 'void main() { int n = 0; for (;;) n++; }'
# the script changed: the functions that differ run interpreted, with one warning
sed 's/return a \/ b;/return a \/ b + 0 * a;/' prog.as > prog2.as
t 1 run prog2.as
out_has "-6289078614652622815"
err_has "warning: compiled code does not match 1 of the"
err_has "(first: 'int divide(int, int)'): they run interpreted"
err_has "in int divide(int, int) at prog2.as:17:28"

# bad input: clear errors
ANGELC=$angelc
t 2 aot -e 'void main() {}'
err_has "aot needs a script file"
t 2 aot no_such_file.as
printf 'void main() { undefined(); }\n' > bad.as
t 1 aot bad.as
err_has "error:"
finish
