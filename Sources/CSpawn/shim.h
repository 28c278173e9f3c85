#include <spawn.h>
#include <sys/types.h>

/* glibc 2.36 has both, but declares them only under _GNU_SOURCE (closefrom) or in <sys/pidfd.h>,
   which Swift's Glibc module does not include. A hook's process is spawned with every descriptor
   above stderr closed (it must not hold the bus, the camera or the daemon's lock), and its end is
   awaited on a pidfd, which a dispatch source can watch without a thread waiting in waitpid. */
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
int pidfd_open(pid_t pid, unsigned int flags);

#include <signal.h>

/* A child starts with no signal blocked and every signal at its default (threads of the parent may block
   signals, and retrocamd ignores SIGTERM to catch it itself; both are inherited across exec), and, with
   `own_group`, in a process group of its own so it and its children can be signalled together. */
static inline int retrocam_spawnattr_clean(posix_spawnattr_t *attributes, int own_group) {
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(attributes, &none);
    posix_spawnattr_setsigdefault(attributes, &all);
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
    if (own_group) {
        posix_spawnattr_setpgroup(attributes, 0);
        flags |= POSIX_SPAWN_SETPGROUP;
    }
    return posix_spawnattr_setflags(attributes, flags);
}
