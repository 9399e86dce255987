// A variable declared in a block is not visible after the block.
void main() {
  {
    int inner = 5;
  }
  print("" + inner + "\n");
}

// expect-error: 6 No matching symbol 'inner'
