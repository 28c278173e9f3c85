// Who reads a PipeWire node: a registry watch on PipeWire's own thread loop that counts the nodes
// linked to the outputs of the nodes of one name by a link that has agreed a format (paused or active;
// a link whose negotiation failed reads nothing), told as it changes (an event of PipeWire's, no timer).
#ifndef RETROCAM_PWLINKS_H
#define RETROCAM_PWLINKS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A watch of the readers of one node name.
typedef struct PwLinksWatch PwLinksWatch;

/// Told each time the readers change, on PipeWire's thread: how many nodes read now (linked by a
/// negotiated link), and their
/// applications' names (the node's `application.name`, else its client's, else the node's name) joined by
/// newlines (valid during the call).
typedef void (*PwLinksChanged)(void *context, unsigned int readers, const char *names);

/// Told on PipeWire's thread when PipeWire is back after its connection broke (restarted): the watch is
/// connected to the new PipeWire, whose readers it follows from then on; nodes of the old one are gone.
typedef void (*PwLinksRestored)(void *context);

/// Connects to the PipeWire of `XDG_RUNTIME_DIR` and watches the links out of every node whose `node.name`
/// is `node_name`, following PipeWire through its restarts (its socket made again in the runtime folder).
/// NULL when PipeWire cannot be reached; `error` (when given) then gets a sentence to free().
PwLinksWatch *pwlinks_watch(const char *node_name, PwLinksChanged changed, PwLinksRestored restored, void *context,
                            char **error);

/// How many nodes read now.
unsigned int pwlinks_readers(PwLinksWatch *watch);

/// Stops the watch (no call of `changed` or `restored` after it returns) and frees it.
void pwlinks_stop(PwLinksWatch *watch);

#ifdef __cplusplus
}
#endif

#endif
