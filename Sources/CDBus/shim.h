#include <dbus/dbus.h>
#include <spawn.h>

/* glibc (2.34+) declares this only under _GNU_SOURCE, which Swift's Glibc module is not
   built with. PrivateBus needs it so a long-lived dbus-daemon does not inherit the test
   process's other pipes. */
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/* Also under _GNU_SOURCE only: a connection's wake-up pipe is made close-on-exec in the same call,
   so a child spawned by another thread in between cannot inherit it. */
int pipe2(int pipefd[2], int flags);
