// Included by both entries after common/config.as: Config is theirs, log the host's.
void report(const Config &in c) {
    log(c.title + " at speed " + c.speed);
}

void nudge(Sprite@ s, const Config &in c) {
    s.move(c.speed, 0);
}
