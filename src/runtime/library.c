/* What the library is: the AngelScript version it follows and how it was configured. */
#include "angelc.h"
#include <stdint.h>

const char *as_library_version(void) { return ANGELC_AS_VERSION_STRING; }

/* The reference's option names for what applies here: pointer size, platform, native calls. */
#if UINTPTR_MAX > 0xFFFFFFFFu
#define LIB_PTR " AS_64BIT_PTR"
#else
#define LIB_PTR ""
#endif
#if defined(__linux__)
#define LIB_OS " AS_LINUX"
#elif defined(__APPLE__)
#define LIB_OS " AS_MAC"
#elif defined(_WIN32)
#define LIB_OS " AS_WIN"
#elif defined(__FreeBSD__) || defined(__NetBSD__) || defined(__OpenBSD__)
#define LIB_OS " AS_BSD"
#else
#define LIB_OS ""
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#define LIB_CALLS " AS_X64_GCC"
#elif defined(__aarch64__)
#define LIB_CALLS " AS_ARM64"
#else
#define LIB_CALLS ""
#endif

const char *as_library_options(void) { return LIB_PTR LIB_OS LIB_CALLS " "; }
