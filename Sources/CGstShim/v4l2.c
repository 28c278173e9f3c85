// Video4Linux capability query: VIDIOC_QUERYCAP is a macro Swift cannot import.
#include "gstshim.h"
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/videodev2.h>

gboolean gstshim_v4l2_capture_name(const char *path, char *name, gsize name_size) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return FALSE;
    struct v4l2_capability caps;
    memset(&caps, 0, sizeof caps);
    int status = ioctl(fd, VIDIOC_QUERYCAP, &caps);
    close(fd);
    if (status < 0) return FALSE;
    guint32 device_caps = (caps.capabilities & V4L2_CAP_DEVICE_CAPS) ? caps.device_caps : caps.capabilities;
    if (!(device_caps & (V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_VIDEO_CAPTURE_MPLANE))) return FALSE;
    if (name && name_size > 0) g_strlcpy(name, (const char *)caps.card, name_size);
    return TRUE;
}
