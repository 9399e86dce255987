/* The datetime add-on's value, for the add-ons that produce datetimes (filesystem). */
#ifndef AS_ADDON_DATETIME_H
#define AS_ADDON_DATETIME_H
#include <stdint.h>

typedef struct as_datetime {
    int64_t ns;     /* nanoseconds since the epoch, like std::chrono::system_clock */
} as_datetime;

#define AS_DATETIME_NS_PER_SEC 1000000000LL

#endif
