// sleep(ms) pauses and returns; 0 returns at once.
// angelc-only: sleep is not registered by the reference host
void main() {
  sleep(0);
  sleep(20);
  print("awake\n");
}

// expect: awake
