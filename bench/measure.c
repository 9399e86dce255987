/* measure: run a command and report its wall time and peak memory, for bench/run.sh.
 *
 *   measure [-n N] [-t SECONDS] -o RESULT -- COMMAND [ARGS...]
 *
 * Runs COMMAND N times in a row (default 1) and writes one line to RESULT:
 *
 *   <mean wall seconds per run> <max RSS in KiB over the runs> <status>
 *
 * status is the exit code of the last run, or "sig<N>" if a run was killed by a signal, or
 * "timeout" if a run took longer than -t seconds (default 600; the child is then killed).
 * The child inherits stdin/stdout/stderr on the first run; later runs (-n > 1) get /dev/null as
 * stdout, so the output to check is that of one run. Peak memory comes from wait4()'s rusage
 * (ru_maxrss, the child's own peak resident set), so it does not need GNU time. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static volatile pid_t child;
static volatile sig_atomic_t timed_out;

static void on_alarm(int sig)
{
    (void)sig;
    timed_out = 1;
    if (child > 0) kill(child, SIGKILL);
}

static void usage(void)
{
    fputs("usage: measure [-n N] [-t SECONDS] -o RESULT -- COMMAND [ARGS...]\n", stderr);
    exit(2);
}

int main(int argc, char **argv)
{
    int runs = 1;
    double timeout = 600;
    const char *result = NULL;
    int i = 1;
    for (; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0) { i++; break; }
        if (i + 1 >= argc) usage();
        if (strcmp(argv[i], "-n") == 0) runs = atoi(argv[++i]);
        else if (strcmp(argv[i], "-t") == 0) timeout = atof(argv[++i]);
        else if (strcmp(argv[i], "-o") == 0) result = argv[++i];
        else usage();
    }
    if (!result || i >= argc || runs < 1) usage();
    char **cmd = argv + i;

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, NULL);

    double total = 0;
    int done = 0;
    long maxrss = 0;
    char status[32] = "0";
    for (int r = 0; r < runs; r++) {
        double t0 = now();
        pid_t pid = fork();
        if (pid < 0) { perror("measure: fork"); return 2; }
        if (pid == 0) {
            if (r > 0) {
                int fd = open("/dev/null", O_WRONLY);
                if (fd >= 0) { dup2(fd, 1); close(fd); }
            }
            execvp(cmd[0], cmd);
            fprintf(stderr, "measure: %s: %s\n", cmd[0], strerror(errno));
            _exit(127);
        }
        int st = 0;
        struct rusage ru;
        child = pid;
        timed_out = 0;
        struct itimerval it = {{0, 0}, {(time_t)timeout, (suseconds_t)((timeout - (time_t)timeout) * 1e6)}};
        setitimer(ITIMER_REAL, &it, NULL);
        for (;;) {
            pid_t w = wait4(pid, &st, 0, &ru);
            if (w == pid) break;
            if (w < 0 && errno != EINTR) { perror("measure: wait4"); return 2; }
        }
        struct itimerval off = {{0, 0}, {0, 0}};
        setitimer(ITIMER_REAL, &off, NULL);
        double t1 = now();
        total += t1 - t0;
        done++;
        if (ru.ru_maxrss > maxrss) maxrss = ru.ru_maxrss;
        if (timed_out) { snprintf(status, sizeof status, "timeout"); break; }
        if (WIFSIGNALED(st)) { snprintf(status, sizeof status, "sig%d", WTERMSIG(st)); break; }
        snprintf(status, sizeof status, "%d", WEXITSTATUS(st));
        if (WEXITSTATUS(st) != 0) break;
    }
    FILE *f = fopen(result, "w");
    if (!f) { perror(result); return 2; }
    fprintf(f, "%.6f %ld %s\n", total / done, maxrss, status);
    fclose(f);
    return 0;
}
