// '= delete' only applies to functions the compiler would write: not to an imported function.
import void imp() delete from 'other';
void main() {}
// expect-error: 2 Cannot flag function that will not be auto generated as deleted
