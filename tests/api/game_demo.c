/* The game demo (examples/game) as a test: its trace is the expected one (examples/game/
 * expected.txt), it exits 0 (every entity freed), and its API dump is an editor's stub file.
 * Runs BUILD/example_game from the source root, as the runner does. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include <limits.h>

static char exe[PATH_MAX];

static char *run_capture(const char *args, int *status)
{
    char cmd[PATH_MAX + 64];
    snprintf(cmd, sizeof cmd, "%s %s", exe, args);
    FILE *p = popen(cmd, "r");
    if (!p) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n - 1, p)) > 0) {
        n += got;
        if (n + 1 == cap) buf = realloc(buf, cap *= 2);
    }
    if (buf) buf[n] = 0;
    *status = pclose(p);
    return buf;
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = calloc(1, 1 << 16);
    size_t n = fread(buf, 1, (1 << 16) - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

int main(void)
{
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 32);
    REQUIRE(n > 0);
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    REQUIRE(slash);
    *slash = 0;
    slash = strrchr(exe, '/');                 /* BUILD/api -> BUILD */
    REQUIRE(slash);
    strcpy(slash, "/example_game");
    if (access(exe, X_OK) != 0) {
        fprintf(stderr, "game_demo: %s is not built\n", exe);
        return 1;
    }
    int status = 0;
    char *out = run_capture("", &status);
    char *want = read_all("examples/game/expected.txt");
    REQUIRE(out && want);
    CHECK(status == 0);
    if (strcmp(out, want) != 0) {
        fprintf(stderr, "game_demo: the trace differs from examples/game/expected.txt:\n%s", out);
        failures++;
    }
    char *stub = run_capture("--dump", &status);
    CHECK(status == 0 && stub);
    CHECK(strstr(stub, "interface IBehaviour {\n    void tick(Entity@ self, float dt);\n}") != NULL);
    CHECK(strstr(stub, "// a T or nothing (value type; its size follows T)\nclass optional<T> {") != NULL);
    CHECK(strstr(stub, "    Player@+ spawnPlayer(const string&in name, const Vec2&in at);") != NULL);
    CHECK(strstr(stub, "    float get_time() const property;") != NULL);
    char *json = run_capture("--dump --json", &status);
    CHECK(status == 0 && json && json[0] == '[' && strstr(json, "\"kind\": \"interface\"") != NULL);
    free(out); free(want); free(stub); free(json);
    return failures ? 1 : 0;
}
