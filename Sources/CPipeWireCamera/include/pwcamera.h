// A camera node of our own in PipeWire: a Video/Source stream that offers the formats webcams offer and
// is fed from a GStreamer appsink whose caps filter follows the format the reader chose.
#ifndef RETROCAM_PWCAMERA_H
#define RETROCAM_PWCAMERA_H

#include <gst/gst.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A published camera node.
typedef struct PwCamera PwCamera;

/// One frame size the node offers.
typedef struct {
    int width;
    int height;
} PwCameraSize;

/// Connects to the PipeWire of `XDG_RUNTIME_DIR` and publishes a Video/Source node (`media.role=Camera`)
/// named `node_name`, shown as `description`, offering YUY2, NV12 and I420 at each of `sizes` (the first
/// is what a reader with no wish gets) at `framerate`/1. Frames come from `appsink`; `capsfilter` (before
/// it) is set to the format a reader chose, so the frames are converted to it upstream, and `crop` (a
/// videocrop before the scaling, fed frames of `picture`'s size) cuts them to that format's shape, so a
/// size of another shape is a centre crop of the picture rather than a letterbox. Returns once
/// PipeWire lists the node, or NULL with `error` (a sentence to free()) when it cannot within `timeout_ms`.
PwCamera *pwcamera_publish(const char *node_name, const char *description, PwCameraSize picture, const PwCameraSize *sizes,
                           int size_count, int framerate, GstElement *crop, GstElement *capsfilter, GstElement *appsink,
                           int timeout_ms, char **error);

/// The format readers get now, as GStreamer caps ("" while nobody has chosen); free() it.
char *pwcamera_format(PwCamera *camera);

/// Frames sent to PipeWire so far, and frames dropped (no reader, no free buffer, an old format).
void pwcamera_counts(PwCamera *camera, unsigned long long *sent, unsigned long long *dropped);

/// Removes the node (no frame is taken from the appsink after it returns) and frees it.
void pwcamera_stop(PwCamera *camera);

#ifdef __cplusplus
}
#endif

#endif
