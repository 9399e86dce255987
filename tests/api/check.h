/* The C API tests' shared harness: CHECK counts a failure and goes on, REQUIRE stops the test,
 * group() runs one group of checks in a forked child so a crash is reported as that group's
 * failure instead of ending the whole test. Each test is its own program, so the statics here
 * are per test. */
#ifndef ANGELC_TEST_CHECK_H
#define ANGELC_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures;
static unsigned group_alarm;   /* seconds a group may run before it counts as hung; 0: no limit */

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)
#define REQUIRE(c) do { if (!(c)) { fprintf(stderr, "%s:%d: required check failed: %s\n", __FILE__, __LINE__, #c); exit(1); } } while (0)
#define STREQ(a, b) ((a) != NULL && strcmp((a), (b)) == 0)

static inline void group(const char *name, void (*fn)(void))
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        failures = 0;
        if (group_alarm) alarm(group_alarm);
        fn();
        fflush(NULL);
        _exit(failures ? 1 : 0);
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) < 0) { fprintf(stderr, "%s: cannot run group %s\n", __FILE__, name); failures++; return; }
    if (WIFSIGNALED(st)) { fprintf(stderr, "%s: group %s CRASHED (signal %d)\n", __FILE__, name, WTERMSIG(st)); failures++; }
    else if (WEXITSTATUS(st) != 0) { fprintf(stderr, "%s: group %s failed\n", __FILE__, name); failures++; }
}

#endif
