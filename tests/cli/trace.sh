# An uncaught exception prints the script call stack; a deep one (a stack overflow) is folded to
# its first and last frames with the count of those in between.
. tests/cli/lib.sh

t 1 run -e 'int f(int n) { return f(n + 1); } void main() { f(0); }'
err_has "-e:1:16: exception: Stack overflow"
err_has "more frames ..."
err_has "in void main() at -e:1:"
err_lines_at_most 17
# a short stack is shown whole
t 1 run -e 'void a() { throw("boom"); } void b() { a(); } void main() { b(); }'
err_has "exception: boom"
err_has "in void a() at"
err_has "in void b() at"
err_has "in void main() at"
err_lacks "more frames"
finish
