#include "common/config.as"
#include "common/util.as"

void main() {
    Config c;
    Sprite s;
    nudge(s, c);
    report(c);
}
