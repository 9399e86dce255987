#include "common/config.as"
#include "common/util.as"

void main() {
    Config c;
#if EDITOR
    c.speed = missing;
#endif
    report(c);
}
