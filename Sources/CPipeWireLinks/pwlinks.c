// The readers of a PipeWire node, from PipeWire's registry: every node and link is announced as it is
// made and as it goes, so a reader linking or leaving is an event of PipeWire's thread loop — nothing
// wakes while nobody comes or goes.
#define _GNU_SOURCE
#include "pwlinks.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/inotify.h>
#include <unistd.h>

#include <pipewire/pipewire.h>

typedef struct {
    uint32_t id;
    char *name;     // node.name
    char *app;      // application.name (a reader's program), may be NULL
    uint32_t client; // client.id: the connection that made it
} Node;

// A connection to PipeWire: its application.name is the program's, when its nodes do not say it.
typedef struct {
    uint32_t id;
    char *app;
} Client;

// A link out of a watched node is bound, so its state is followed: it reads only once PipeWire has
// negotiated a format on it (a reader accepting nothing we offer leaves its link in error, never counted).
typedef struct {
    uint32_t id;
    uint32_t output;  // link.output.node
    uint32_t input;   // link.input.node
    struct pw_proxy *proxy;     // bound while its output is a watched node, else NULL
    struct spa_hook listener;
    enum pw_link_state state;
    struct PwLinksWatch *watch;
} Link;

struct PwLinksWatch {
    struct pw_thread_loop *loop;
    struct pw_context *context;
    struct pw_core *core;
    struct pw_registry *registry;
    struct spa_hook core_listener;
    struct spa_hook registry_listener;
    char *node_name;
    PwLinksChanged changed;
    PwLinksRestored restored;
    void *context_data;
    // PipeWire restarted: its connection breaks (handled out of the core's own callback), its socket is
    // made again in the runtime folder (inotify), and the watch connects again — no polling meanwhile.
    struct spa_source *lost;
    struct spa_source *runtime;
    struct spa_source *retry;   // the socket is made just before PipeWire listens on it
    char *socket_name;
    int retries;
    int socket_made;            // a new socket was made while connected (PipeWire back before its loss was seen)
    int restoring;              // connected again: `restored` is told once the new PipeWire has answered
    int restoring_seq;
    Node *nodes;
    size_t node_count, node_room;
    Link **links;   // each its own allocation: a bound link's hook must not move
    size_t link_count, link_room;
    Client *clients;
    size_t client_count, client_room;
    unsigned int readers;   // told last
    char *names;            // told last
};

static char *copy_or_null(const char *text) { return text ? strdup(text) : NULL; }

static const Node *find_node(PwLinksWatch *watch, uint32_t id) {
    for (size_t i = 0; i < watch->node_count; i++)
        if (watch->nodes[i].id == id) return &watch->nodes[i];
    return NULL;
}

// A reader's name: its node's application.name, else its client's, else the node's name.
static const char *reader_name(PwLinksWatch *watch, const Node *node) {
    if (!node) return NULL;
    if (node->app) return node->app;
    for (size_t i = 0; i < watch->client_count; i++)
        if (watch->clients[i].id == node->client && watch->clients[i].app) return watch->clients[i].app;
    return node->name;
}

static int is_watched(PwLinksWatch *watch, uint32_t id) {
    const Node *node = find_node(watch, id);
    return node && node->name && strcmp(node->name, watch->node_name) == 0;
}

// A link that carries frames: a format agreed and buffers made (paused) or flowing (active).
static int is_negotiated(const Link *link) {
    return link->state == PW_LINK_STATE_PAUSED || link->state == PW_LINK_STATE_ACTIVE;
}

// Counts the distinct nodes linked to a watched node's outputs by a negotiated link and tells the
// change, if any.
static void recount(PwLinksWatch *watch) {
    uint32_t *seen = calloc(watch->link_count + 1, sizeof(uint32_t));
    size_t readers = 0;
    size_t length = 1;
    char *text = NULL;
    for (size_t i = 0; i < watch->link_count; i++) {
        const Link *link = watch->links[i];
        if (!is_watched(watch, link->output) || !is_negotiated(link)) continue;
        int known = 0;
        for (size_t j = 0; j < readers; j++) known |= seen[j] == link->input;
        if (known) continue;
        seen[readers++] = link->input;
    }
    for (size_t j = 0; j < readers; j++) {
        const char *name = reader_name(watch, find_node(watch, seen[j]));
        length += (name ? strlen(name) : 0) + 1;
    }
    text = calloc(length, 1);
    for (size_t j = 0; j < readers; j++) {
        const char *name = reader_name(watch, find_node(watch, seen[j]));
        if (j > 0) strcat(text, "\n");
        if (name) strcat(text, name);
    }
    free(seen);
    if (readers == watch->readers && watch->names && strcmp(text, watch->names) == 0) {
        free(text);
        return;
    }
    free(watch->names);
    watch->names = text;
    watch->readers = (unsigned int)readers;
    if (watch->changed) watch->changed(watch->context_data, watch->readers, watch->names);
}

static void on_link_info(void *data, const struct pw_link_info *info) {
    Link *link = data;
    if (!(info->change_mask & PW_LINK_CHANGE_MASK_STATE) || info->state == link->state) return;
    link->state = info->state;
    recount(link->watch);
}

static const struct pw_link_events link_events = {
    PW_VERSION_LINK_EVENTS,
    .info = on_link_info,
};

// Follows `link`'s state when it leaves a watched node (its state arrives as an info event).
static void bind_if_watched(PwLinksWatch *watch, Link *link) {
    if (link->proxy || !is_watched(watch, link->output)) return;
    link->proxy = pw_registry_bind(watch->registry, link->id, PW_TYPE_INTERFACE_Link, PW_VERSION_LINK, 0);
    if (link->proxy) pw_proxy_add_object_listener(link->proxy, &link->listener, &link_events, link);
}

static void free_link(Link *link) {
    if (link->proxy) {
        spa_hook_remove(&link->listener);
        pw_proxy_destroy(link->proxy);
    }
    free(link);
}

static void forget_links(PwLinksWatch *watch) {
    for (size_t i = 0; i < watch->link_count; i++) free_link(watch->links[i]);
    watch->link_count = 0;
}

static uint32_t dict_id(const struct spa_dict *props, const char *key) {
    const char *value = props ? spa_dict_lookup(props, key) : NULL;
    return value ? (uint32_t)strtoul(value, NULL, 10) : SPA_ID_INVALID;
}

static void on_global(void *data, uint32_t id, uint32_t permissions, const char *type, uint32_t version,
                      const struct spa_dict *props) {
    (void)permissions;
    (void)version;
    PwLinksWatch *watch = data;
    if (strcmp(type, PW_TYPE_INTERFACE_Node) == 0) {
        if (watch->node_count == watch->node_room) {
            watch->node_room = watch->node_room ? watch->node_room * 2 : 16;
            watch->nodes = realloc(watch->nodes, watch->node_room * sizeof(Node));
        }
        Node node = { id, copy_or_null(props ? spa_dict_lookup(props, PW_KEY_NODE_NAME) : NULL),
                      copy_or_null(props ? spa_dict_lookup(props, PW_KEY_APP_NAME) : NULL),
                      dict_id(props, PW_KEY_CLIENT_ID) };
        watch->nodes[watch->node_count++] = node;
        // Links announced before their node (PipeWire reuses ids) are followed once it is known.
        for (size_t i = 0; i < watch->link_count; i++) bind_if_watched(watch, watch->links[i]);
    } else if (strcmp(type, PW_TYPE_INTERFACE_Client) == 0) {
        if (watch->client_count == watch->client_room) {
            watch->client_room = watch->client_room ? watch->client_room * 2 : 16;
            watch->clients = realloc(watch->clients, watch->client_room * sizeof(Client));
        }
        Client client = { id, copy_or_null(props ? spa_dict_lookup(props, PW_KEY_APP_NAME) : NULL) };
        watch->clients[watch->client_count++] = client;
        if (watch->readers > 0) recount(watch);
    } else if (strcmp(type, PW_TYPE_INTERFACE_Link) == 0) {
        if (watch->link_count == watch->link_room) {
            watch->link_room = watch->link_room ? watch->link_room * 2 : 16;
            watch->links = realloc(watch->links, watch->link_room * sizeof(Link *));
        }
        Link *link = calloc(1, sizeof(Link));
        link->id = id;
        link->output = dict_id(props, PW_KEY_LINK_OUTPUT_NODE);
        link->input = dict_id(props, PW_KEY_LINK_INPUT_NODE);
        link->state = PW_LINK_STATE_INIT;
        link->watch = watch;
        watch->links[watch->link_count++] = link;
        bind_if_watched(watch, link);
    }
}

static void on_global_remove(void *data, uint32_t id) {
    PwLinksWatch *watch = data;
    for (size_t i = 0; i < watch->link_count; i++) {
        if (watch->links[i]->id != id) continue;
        free_link(watch->links[i]);
        watch->links[i] = watch->links[--watch->link_count];
        recount(watch);
        return;
    }
    for (size_t i = 0; i < watch->node_count; i++) {
        if (watch->nodes[i].id != id) continue;
        free(watch->nodes[i].name);
        free(watch->nodes[i].app);
        watch->nodes[i] = watch->nodes[--watch->node_count];
        recount(watch);
        return;
    }
    for (size_t i = 0; i < watch->client_count; i++) {
        if (watch->clients[i].id != id) continue;
        free(watch->clients[i].app);
        watch->clients[i] = watch->clients[--watch->client_count];
        return;
    }
}

static const struct pw_registry_events registry_events = {
    PW_VERSION_REGISTRY_EVENTS,
    .global = on_global,
    .global_remove = on_global_remove,
};

// PipeWire went away (restarted, stopped): nobody reads any more.
static void on_core_error(void *data, uint32_t id, int seq, int res, const char *message) {
    (void)seq;
    (void)message;
    PwLinksWatch *watch = data;
    if (id != PW_ID_CORE || res != -EPIPE) return;
    pw_loop_signal_event(pw_thread_loop_get_loop(watch->loop), watch->lost);
}

// The new PipeWire answered the first round trip: it is really there (a dying one accepts a connection
// it never answers), and its registry has announced every object.
static void on_core_done(void *data, uint32_t id, int seq) {
    PwLinksWatch *watch = data;
    if (id != PW_ID_CORE || !watch->restoring || seq != watch->restoring_seq) return;
    watch->restoring = 0;
    if (watch->restored) watch->restored(watch->context_data);
}

static const struct pw_core_events core_events = {
    PW_VERSION_CORE_EVENTS,
    .error = on_core_error,
    .done = on_core_done,
};

// Connects to PipeWire and asks for its registry (every object is then announced); -errno when PipeWire
// cannot be reached.
static int connect_core(PwLinksWatch *watch) {
    watch->core = pw_context_connect(watch->context, NULL, 0);
    if (!watch->core) return -errno;
    pw_core_add_listener(watch->core, &watch->core_listener, &core_events, watch);
    watch->registry = pw_core_get_registry(watch->core, PW_VERSION_REGISTRY, 0);
    pw_registry_add_listener(watch->registry, &watch->registry_listener, &registry_events, watch);
    return 0;
}

// Drops the connection and everything learned through it.
static void disconnect_core(PwLinksWatch *watch) {
    forget_links(watch);
    if (watch->registry) {
        spa_hook_remove(&watch->registry_listener);
        pw_proxy_destroy((struct pw_proxy *)watch->registry);
        watch->registry = NULL;
    }
    if (watch->core) {
        spa_hook_remove(&watch->core_listener);
        pw_core_disconnect(watch->core);
        watch->core = NULL;
    }
    for (size_t i = 0; i < watch->node_count; i++) {
        free(watch->nodes[i].name);
        free(watch->nodes[i].app);
    }
    watch->node_count = 0;
    for (size_t i = 0; i < watch->client_count; i++) free(watch->clients[i].app);
    watch->client_count = 0;
}

// Connects again once PipeWire's socket is made again; told to `restored` once it answers. The socket
// is made (bound) just before PipeWire listens on it, so a refusal is tried again shortly, for 2 s at most.
static void reconnect(PwLinksWatch *watch) {
    if (watch->core) return;
    int result = connect_core(watch);
    if (result == 0) {
        watch->retries = 0;
        watch->socket_made = 0;
        watch->restoring = 1;
        watch->restoring_seq = pw_core_sync(watch->core, PW_ID_CORE, 0);
        return;
    }
    if (watch->retries++ >= 200) return;
    struct timespec soon = { 0, 10 * 1000 * 1000 };
    pw_loop_update_timer(pw_thread_loop_get_loop(watch->loop), watch->retry, &soon, NULL, false);
}

static void on_lost(void *data, uint64_t count) {
    (void)count;
    PwLinksWatch *watch = data;
    if (!watch->core) return;
    disconnect_core(watch);
    recount(watch);
    watch->retries = 0;
    watch->restoring = 0;
    // The old PipeWire's socket may still accept a connection as it dies: wait for the new one's.
    if (watch->socket_made) reconnect(watch);
}

static void on_retry(void *data, uint64_t expirations) {
    (void)expirations;
    reconnect(data);
}

// The runtime folder changed: PipeWire's socket made again (or its manager socket, made once the first
// listens) means PipeWire is back.
static void on_runtime(void *data, int fd, uint32_t mask) {
    (void)mask;
    PwLinksWatch *watch = data;
    char buffer[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    int made = 0;
    ssize_t length;
    while ((length = read(fd, buffer, sizeof(buffer))) > 0) {
        for (char *at = buffer; at < buffer + length;) {
            const struct inotify_event *event = (const struct inotify_event *)at;
            if (event->len > 0 && strncmp(event->name, watch->socket_name, strlen(watch->socket_name)) == 0
                && strstr(event->name, ".lock") == NULL) made = 1;
            at += sizeof(struct inotify_event) + event->len;
        }
    }
    if (!made) return;
    if (watch->core) {
        watch->socket_made = 1;
        return;
    }
    watch->retries = 0;
    reconnect(watch);
}

// Follows PipeWire's runtime folder (where its socket is made), so a restart is seen as it happens.
static void follow_runtime(PwLinksWatch *watch) {
    const char *remote = getenv("PIPEWIRE_REMOTE");
    const char *slash = remote ? strrchr(remote, '/') : NULL;
    watch->socket_name = strdup(slash ? slash + 1 : (remote && *remote ? remote : PW_DEFAULT_REMOTE));
    const char *folder = getenv("PIPEWIRE_RUNTIME_DIR");
    if (!folder) folder = getenv("XDG_RUNTIME_DIR");
    int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd < 0) return;
    if (!folder || inotify_add_watch(fd, folder, IN_CREATE | IN_MOVED_TO) < 0) {
        close(fd);
        return;
    }
    struct pw_loop *loop = pw_thread_loop_get_loop(watch->loop);
    watch->runtime = pw_loop_add_io(loop, fd, SPA_IO_IN, true, on_runtime, watch);
}

static void fail(char **error, const char *what) {
    if (!error) return;
    char *text = NULL;
    if (asprintf(&text, "%s: %s", what, strerror(errno)) < 0) text = NULL;
    *error = text;
}

PwLinksWatch *pwlinks_watch(const char *node_name, PwLinksChanged changed, PwLinksRestored restored, void *context,
                            char **error) {
    pw_init(NULL, NULL);
    PwLinksWatch *watch = calloc(1, sizeof(PwLinksWatch));
    watch->node_name = strdup(node_name);
    watch->changed = changed;
    watch->restored = restored;
    watch->context_data = context;
    watch->names = strdup("");
    watch->loop = pw_thread_loop_new("retrocam-readers", NULL);
    if (!watch->loop) {
        fail(error, "PipeWire's thread loop could not be made");
        pwlinks_stop(watch);
        return NULL;
    }
    watch->context = pw_context_new(pw_thread_loop_get_loop(watch->loop), NULL, 0);
    if (!watch->context || pw_thread_loop_start(watch->loop) < 0) {
        fail(error, "PipeWire's context could not be made");
        pwlinks_stop(watch);
        return NULL;
    }
    pw_thread_loop_lock(watch->loop);
    struct pw_loop *loop = pw_thread_loop_get_loop(watch->loop);
    watch->lost = pw_loop_add_event(loop, on_lost, watch);
    watch->retry = pw_loop_add_timer(loop, on_retry, watch);
    follow_runtime(watch);
    int result = connect_core(watch);
    pw_thread_loop_unlock(watch->loop);
    if (result < 0) {
        errno = -result;
        fail(error, "PipeWire could not be reached");
        pwlinks_stop(watch);
        return NULL;
    }
    return watch;
}

unsigned int pwlinks_readers(PwLinksWatch *watch) {
    pw_thread_loop_lock(watch->loop);
    unsigned int readers = watch->readers;
    pw_thread_loop_unlock(watch->loop);
    return readers;
}

void pwlinks_stop(PwLinksWatch *watch) {
    if (!watch) return;
    if (watch->loop) {
        pw_thread_loop_lock(watch->loop);
        watch->changed = NULL;
        watch->restored = NULL;
        struct pw_loop *loop = pw_thread_loop_get_loop(watch->loop);
        if (watch->lost) pw_loop_destroy_source(loop, watch->lost);
        if (watch->retry) pw_loop_destroy_source(loop, watch->retry);
        if (watch->runtime) pw_loop_destroy_source(loop, watch->runtime);
        disconnect_core(watch);
        pw_thread_loop_unlock(watch->loop);
        pw_thread_loop_stop(watch->loop);
    }
    if (watch->context) pw_context_destroy(watch->context);
    if (watch->loop) pw_thread_loop_destroy(watch->loop);
    free(watch->clients);
    free(watch->nodes);
    free(watch->links);
    free(watch->names);
    free(watch->node_name);
    free(watch->socket_name);
    free(watch);
}
