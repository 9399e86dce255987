# A dictionary's set of a number adds a new key in the VM's own instruction (DSET_L): when that
# runs into --max-memory, the stop names the line of the set, not an earlier one.
. tests/cli/lib.sh

w='void main() {
  array<string> keys(30000);
  for (int i = 0; i < 30000; i++) keys[i] = "k" + i;
  println("keys made");
  dictionary d;
  for (int i = 0; i < 30000; i++) d.set(keys[i], int64(i));
  println("not reached");
}'
t 5 run --max-memory 2M -e "$w"
out_is "keys made"
err_has "angelc: stopped: the script exceeded --max-memory 2097152 bytes at -e:6:35 in void main()"
# within the limit the same script runs to the end
t 0 run --max-memory 64M -e "$w"
out_has "not reached"
