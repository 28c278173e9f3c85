// Capture-time stamps on preview frames, for measuring the preview's latency end to end:
// the daemon paints each frame's capture time as a row of blocks, the viewfinder reads it
// back where the frame is shown and compares it with the same monotonic clock.
#include "gstshim.h"
#include <string.h>

// 64 time bits and 16 check bits. The check is a fold of the time xor a constant, so a
// black or white picture (all bits equal) never reads as a stamp.
static guint16 stamp_check(guint64 value) {
    guint64 folded = value ^ (value >> 16) ^ (value >> 32) ^ (value >> 48);
    return (guint16)((folded & 0xffff) ^ 0xA5C3);
}

static gboolean stamp_bit(guint64 value, guint16 check, int index) {
    if (index < 64) return (value >> (63 - index)) & 1;
    return (check >> (79 - index)) & 1;
}

gboolean gstshim_stamp_write(guint8 *plane, gint stride, gint pixel_stride, gint width, gint height,
                             guint8 dark, guint8 light, guint64 value) {
    gint block = width / GSTSHIM_STAMP_BITS;
    if (plane == NULL || block < 1 || height < block || pixel_stride < 1) return FALSE;
    guint16 check = stamp_check(value);
    for (int bit = 0; bit < GSTSHIM_STAMP_BITS; bit++) {
        guint8 shade = stamp_bit(value, check, bit) ? light : dark;
        for (gint y = 0; y < block; y++) {
            guint8 *row = plane + (gsize)y * stride + (gsize)bit * block * pixel_stride;
            for (gint x = 0; x < block * pixel_stride; x++) row[x] = shade;
        }
    }
    return TRUE;
}

gboolean gstshim_stamp_read(const guint8 *plane, gint stride, gint pixel_stride, gint width, gint height,
                            guint64 *value) {
    gint block = width / GSTSHIM_STAMP_BITS;
    if (plane == NULL || block < 1 || height < block || pixel_stride < 1) return FALSE;
    guint64 time = 0;
    guint16 check = 0;
    for (int bit = 0; bit < GSTSHIM_STAMP_BITS; bit++) {
        const guint8 *pixel = plane + (gsize)(block / 2) * stride + ((gsize)bit * block + block / 2) * pixel_stride;
        // Grey level of the block's centre: the first three bytes of a packed RGB pixel, or the luma byte.
        gint channels = pixel_stride >= 3 ? 3 : 1;
        gint sum = 0;
        for (gint c = 0; c < channels; c++) sum += pixel[c];
        gboolean set = sum / channels >= 128;
        if (bit < 64) time = (time << 1) | (guint64)set;
        else check = (guint16)((check << 1) | set);
    }
    if (check != stamp_check(time)) return FALSE;
    *value = time;
    return TRUE;
}

static GstPadProbeReturn paint_stamp(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
    (void)data;
    GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER(info);
    if (buffer == NULL || !GST_BUFFER_PTS_IS_VALID(buffer)) return GST_PAD_PROBE_OK;
    GstCaps *caps = gst_pad_get_current_caps(pad);
    GstVideoInfo video;
    gboolean known = caps != NULL && gst_video_info_from_caps(&video, caps)
        && GST_VIDEO_INFO_FORMAT(&video) == GST_VIDEO_FORMAT_I420;
    if (caps) gst_caps_unref(caps);
    if (!known) return GST_PAD_PROBE_OK;
    GstElement *element = gst_pad_get_parent_element(pad);
    GstClockTime base = element ? gst_element_get_base_time(element) : 0;
    if (element) gst_object_unref(element);
    guint64 captured = GST_BUFFER_PTS(buffer) + base;
    buffer = gst_buffer_make_writable(buffer);
    GST_PAD_PROBE_INFO_DATA(info) = buffer;
    GstVideoFrame frame;
    if (!gst_video_frame_map(&frame, &video, buffer, GST_MAP_READWRITE)) return GST_PAD_PROBE_OK;
    gint width = GST_VIDEO_FRAME_WIDTH(&frame);
    gint height = GST_VIDEO_FRAME_HEIGHT(&frame);
    gstshim_stamp_write(GST_VIDEO_FRAME_PLANE_DATA(&frame, 0), GST_VIDEO_FRAME_PLANE_STRIDE(&frame, 0), 1,
                        width, height, 16, 235, captured);
    // Neutral chroma under the blocks, so they convert to pure black and white.
    gint block = width / GSTSHIM_STAMP_BITS;
    for (int plane = 1; plane <= 2; plane++) {
        guint8 *data = GST_VIDEO_FRAME_PLANE_DATA(&frame, plane);
        gint stride = GST_VIDEO_FRAME_PLANE_STRIDE(&frame, plane);
        for (gint y = 0; y < (block + 1) / 2; y++)
            memset(data + (gsize)y * stride, 128, (gsize)(block * GSTSHIM_STAMP_BITS + 1) / 2);
    }
    gst_video_frame_unmap(&frame);
    return GST_PAD_PROBE_OK;
}

gboolean gstshim_preview_stamp_attach(GstElement *element, const char *pad_name) {
    GstPad *pad = gst_element_get_static_pad(element, pad_name);
    if (pad == NULL) return FALSE;
    gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, paint_stamp, NULL, NULL);
    gst_object_unref(pad);
    return TRUE;
}
