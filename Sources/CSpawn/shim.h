#include <spawn.h>
#include <sys/types.h>

/* glibc 2.36 has both, but declares them only under _GNU_SOURCE (closefrom) or in <sys/pidfd.h>,
   which Swift's Glibc module does not include. A hook's process is spawned with every descriptor
   above stderr closed (it must not hold the bus, the camera or the daemon's lock), and its end is
   awaited on a pidfd, which a dispatch source can watch without a thread waiting in waitpid. */
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
int pidfd_open(pid_t pid, unsigned int flags);
