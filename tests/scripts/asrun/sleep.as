// sleep(ms) pauses and returns; 0 returns at once.
// (runs on the reference host too: it registers what asrun registers)
void main() {
  sleep(0);
  sleep(20);
  print("awake\n");
}

// expect: awake
