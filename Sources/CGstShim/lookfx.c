// Looks that no stock element gives, painted in place on I420 frames by a pad
// probe: softness, colour bleed, sepia/warmth toning, vignette, grain and a
// letterbox/pillarbox matte. Each step runs only when its amount is non-zero.
#include "gstshim.h"
#include <math.h>
#include <string.h>

struct GstShimFx {
    GMutex lock;
    GstShimLookFx params;
    guint32 random_state;
    // The vignette's gain per luma pixel (Q8), rebuilt when size or amount change.
    guint8 *vignette_gain;
    gint vignette_width, vignette_height;
    double vignette_amount;
    guint8 *scratch;
    gsize scratch_size;
    // Grain: pre-scaled noise and a saturating table indexed by value + 128.
    gint8 *noise;
    int noise_amplitude;
    guint8 saturate[512];
};

GstShimFx *gstshim_fx_new(void) {
    GstShimFx *fx = g_new0(GstShimFx, 1);
    g_mutex_init(&fx->lock);
    fx->random_state = 0x9E3779B9u;
    return fx;
}

void gstshim_fx_set(GstShimFx *fx, const GstShimLookFx *params) {
    g_mutex_lock(&fx->lock);
    fx->params = *params;
    g_mutex_unlock(&fx->lock);
}

void gstshim_fx_free(GstShimFx *fx) {
    if (fx == NULL) return;
    g_free(fx->vignette_gain);
    g_free(fx->scratch);
    g_free(fx->noise);
    g_mutex_clear(&fx->lock);
    g_free(fx);
}

static gboolean params_active(const GstShimLookFx *p) {
    return p->grain > 0.001 || p->colour_bleed > 0.001 || p->softness > 0.001 || p->vignette > 0.001
        || p->sepia > 0.001 || fabs(p->warmth) > 0.001 || (p->matte_num > 0 && p->matte_den > 0);
}

static inline guint8 clamp_byte(int value) {
    return (guint8)(value < 0 ? 0 : (value > 255 ? 255 : value));
}

static guint8 *scratch_buffer(GstShimFx *fx, gsize size) {
    if (fx->scratch_size < size) {
        g_free(fx->scratch);
        fx->scratch = g_malloc(size);
        fx->scratch_size = size;
    }
    return fx->scratch;
}

// Box blur of `count` samples in place, radius `radius`, source read `shift`
// samples to the left (so colour trails to the right). `line` is scratch of
// count + 2 * (radius + shift) + 2 bytes. Division is a multiply by 1/window.
static void blur_row(guint8 *data, gint count, gint radius, gint shift, guint8 *line) {
    gint pad = radius + shift + 1;
    // Edge-extended copy, so the inner loop needs no bounds checks.
    memset(line, data[0], (gsize)pad);
    memcpy(line + pad, data, (gsize)count);
    memset(line + pad + count, data[count - 1], (gsize)pad);
    const guint8 *src = line + pad - shift;
    gint window = 2 * radius + 1;
    guint32 scale = 65536u / (guint32)window;
    guint32 sum = 0;
    for (gint k = -radius; k <= radius; k++) sum += src[k];
    for (gint i = 0; i < count; i++) {
        data[i] = (guint8)((sum * scale) >> 16);
        sum += src[i + radius + 1];
        sum -= src[i - radius];
    }
}

// Box blur down the columns, row by row (cache friendly): running column sums.
static void blur_columns(GstShimFx *fx, guint8 *plane, gint width, gint height, gint stride, gint radius) {
    gsize plane_size = (gsize)stride * height;
    guint8 *copy = scratch_buffer(fx, plane_size + (gsize)width * sizeof(guint32) + 16);
    memcpy(copy, plane, plane_size);
    guint32 *sums = (guint32 *)(void *)(copy + ((plane_size + 15) & ~(gsize)15));
    gint window = 2 * radius + 1;
    guint32 scale = 65536u / (guint32)window;
    for (gint x = 0; x < width; x++) sums[x] = 0;
    for (gint k = -radius; k <= radius; k++) {
        const guint8 *row = copy + (gsize)CLAMP(k, 0, height - 1) * stride;
        for (gint x = 0; x < width; x++) sums[x] += row[x];
    }
    for (gint y = 0; y < height; y++) {
        guint8 *out = plane + (gsize)y * stride;
        for (gint x = 0; x < width; x++) out[x] = (guint8)((sums[x] * scale) >> 16);
        const guint8 *enter = copy + (gsize)MIN(y + radius + 1, height - 1) * stride;
        const guint8 *leave = copy + (gsize)MAX(y - radius, 0) * stride;
        for (gint x = 0; x < width; x++) sums[x] += (guint32)enter[x] - leave[x];
    }
}

static void blur_plane(GstShimFx *fx, guint8 *plane, gint width, gint height, gint stride,
                       gint radius, gint shift, gboolean vertical) {
    guint8 line[8192 + 64];
    if (width > 8192 || radius + shift > 30) return;
    for (gint y = 0; y < height; y++) blur_row(plane + (gsize)y * stride, width, radius, shift, line);
    if (vertical) blur_columns(fx, plane, width, height, stride, radius);
}

static void tone_chroma(GstVideoFrame *frame, double sepia, double warmth) {
    // Sepia pulls chroma toward a brown tone; warmth nudges it toward orange or blue.
    guint8 lut_u[256], lut_v[256];
    for (int i = 0; i < 256; i++) {
        lut_u[i] = clamp_byte((int)lround(i + (112.0 - i) * sepia - warmth * 18.0));
        lut_v[i] = clamp_byte((int)lround(i + (146.0 - i) * sepia + warmth * 18.0));
    }
    for (int component = 1; component <= 2; component++) {
        guint8 *lut = component == 1 ? lut_u : lut_v;
        guint8 *plane = GST_VIDEO_FRAME_COMP_DATA(frame, component);
        gint stride = GST_VIDEO_FRAME_COMP_STRIDE(frame, component);
        gint width = GST_VIDEO_FRAME_COMP_WIDTH(frame, component);
        gint height = GST_VIDEO_FRAME_COMP_HEIGHT(frame, component);
        for (gint y = 0; y < height; y++) {
            guint8 *row = plane + (gsize)y * stride;
            for (gint x = 0; x < width; x++) row[x] = lut[row[x]];
        }
    }
}

// Gain per luma pixel in Q8 (256 = untouched) and, per row, the span in the
// middle that stays untouched, so the centre of the frame costs nothing.
static void vignette(GstShimFx *fx, guint8 *plane, gint width, gint height, gint stride, double amount) {
    gsize map_size = (gsize)width * height * sizeof(guint16) + (gsize)height * 2 * sizeof(gint);
    if (fx->vignette_gain == NULL || fx->vignette_width != width || fx->vignette_height != height
        || fabs(fx->vignette_amount - amount) > 1e-6) {
        g_free(fx->vignette_gain);
        fx->vignette_gain = g_malloc(map_size);
        fx->vignette_width = width;
        fx->vignette_height = height;
        fx->vignette_amount = amount;
        guint16 *gains = (guint16 *)(void *)fx->vignette_gain;
        gint *spans = (gint *)(void *)(gains + (gsize)width * height);
        double cx = (width - 1) / 2.0, cy = (height - 1) / 2.0;
        double reach = sqrt(cx * cx + cy * cy);
        for (gint y = 0; y < height; y++) {
            gint first_full = width, last_full = -1;
            for (gint x = 0; x < width; x++) {
                double d = sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy)) / reach;
                double t = CLAMP((d - 0.35) / 0.65, 0.0, 1.0);
                double gain = 1.0 - amount * 0.9 * t * t * (3 - 2 * t);
                guint16 q = (guint16)lround(gain * 256.0);
                gains[(gsize)y * width + x] = q;
                if (q == 256) { if (x < first_full) first_full = x; last_full = x; }
            }
            spans[2 * y] = first_full;
            spans[2 * y + 1] = last_full;
        }
    }
    const guint16 *gains = (const guint16 *)(const void *)fx->vignette_gain;
    const gint *spans = (const gint *)(const void *)(gains + (gsize)width * height);
    for (gint y = 0; y < height; y++) {
        guint8 *row = plane + (gsize)y * stride;
        const guint16 *gain = gains + (gsize)y * width;
        gint skip_from = spans[2 * y], skip_to = spans[2 * y + 1];
        for (gint x = 0; x < width; x++) {
            if (x == skip_from) { x = skip_to; continue; }
            guint v = row[x] > 16 ? row[x] - 16u : 0u;
            row[x] = (guint8)(16u + ((v * gain[x]) >> 8));
        }
    }
}

// Film grain: a table of pre-scaled triangular noise, read from a random
// offset each frame, added through a saturating lookup table.
static void grain(GstShimFx *fx, guint8 *plane, gint width, gint height, gint stride, double amount) {
    enum { NOISE = 1 << 16 };
    int amplitude = (int)lround(amount * 48.0);
    if (amplitude == 0) return;
    if (fx->noise == NULL || fx->noise_amplitude != amplitude) {
        if (fx->noise == NULL) fx->noise = g_malloc(NOISE + 8192);
        guint32 state = 0x2545F491u;
        for (gsize i = 0; i < NOISE + 8192; i++) {
            state ^= state << 13; state ^= state >> 17; state ^= state << 5;
            int noise = (int)(state & 0xFF) + (int)((state >> 8) & 0xFF) - 255;
            fx->noise[i] = (gint8)(noise * amplitude / 255);
        }
        for (int i = 0; i < 512; i++) fx->saturate[i] = clamp_byte(i - 128);
        fx->noise_amplitude = amplitude;
    }
    guint32 state = fx->random_state;
    const guint8 *saturate = fx->saturate + 128;
    for (gint y = 0; y < height; y++) {
        state ^= state << 13; state ^= state >> 17; state ^= state << 5;
        const gint8 *noise = fx->noise + (state & (NOISE - 1));
        guint8 *row = plane + (gsize)y * stride;
        gint limit = MIN(width, 8192);
        for (gint x = 0; x < limit; x++) row[x] = saturate[row[x] + noise[x]];
    }
    fx->random_state = state;
}

static void fill_rect(GstVideoFrame *frame, gint x0, gint y0, gint x1, gint y1) {
    static const guint8 black[3] = { 16, 128, 128 };
    for (int component = 0; component < 3; component++) {
        guint8 *plane = GST_VIDEO_FRAME_COMP_DATA(frame, component);
        gint stride = GST_VIDEO_FRAME_COMP_STRIDE(frame, component);
        gint sub_x = component == 0 ? 0 : 1, sub_y = component == 0 ? 0 : 1;
        for (gint y = y0 >> sub_y; y < (y1 + sub_y) >> sub_y; y++)
            memset(plane + (gsize)y * stride + (x0 >> sub_x), black[component],
                   (gsize)(((x1 + sub_x) >> sub_x) - (x0 >> sub_x)));
    }
}

static void matte(GstVideoFrame *frame, gint num, gint den) {
    gint width = GST_VIDEO_FRAME_WIDTH(frame), height = GST_VIDEO_FRAME_HEIGHT(frame);
    double target = (double)num / den, native = (double)width / height;
    if (fabs(target - native) < 0.01) return;
    if (target > native) {  // wider picture: bars top and bottom
        gint visible = (gint)lround(width / target) & ~1;
        gint bar = ((height - visible) / 2) & ~1;
        if (bar <= 0) return;
        fill_rect(frame, 0, 0, width, bar);
        fill_rect(frame, 0, height - bar, width, height);
    } else {                // narrower picture: bars left and right
        gint visible = (gint)lround(height * target) & ~1;
        gint bar = ((width - visible) / 2) & ~1;
        if (bar <= 0) return;
        fill_rect(frame, 0, 0, bar, height);
        fill_rect(frame, width - bar, 0, width, height);
    }
}

void gstshim_fx_apply_frame(GstShimFx *fx, GstVideoFrame *frame) {
    g_mutex_lock(&fx->lock);
    GstShimLookFx p = fx->params;
    g_mutex_unlock(&fx->lock);
    if (GST_VIDEO_FRAME_FORMAT(frame) != GST_VIDEO_FORMAT_I420 || !params_active(&p)) return;

    guint8 *luma = GST_VIDEO_FRAME_COMP_DATA(frame, 0);
    gint luma_stride = GST_VIDEO_FRAME_COMP_STRIDE(frame, 0);
    gint width = GST_VIDEO_FRAME_WIDTH(frame), height = GST_VIDEO_FRAME_HEIGHT(frame);

    if (p.softness > 0.001)
        blur_plane(fx, luma, width, height, luma_stride, 1 + (gint)lround(p.softness * 3.0), 0, TRUE);
    if (p.colour_bleed > 0.001) {
        gint radius = 1 + (gint)lround(p.colour_bleed * 4.0);
        gint shift = (gint)lround(p.colour_bleed * 6.0);
        for (int component = 1; component <= 2; component++)
            blur_plane(fx, GST_VIDEO_FRAME_COMP_DATA(frame, component),
                       GST_VIDEO_FRAME_COMP_WIDTH(frame, component), GST_VIDEO_FRAME_COMP_HEIGHT(frame, component),
                       GST_VIDEO_FRAME_COMP_STRIDE(frame, component), radius, shift, FALSE);
    }
    if (p.sepia > 0.001 || fabs(p.warmth) > 0.001)
        tone_chroma(frame, CLAMP(p.sepia, 0.0, 1.0), CLAMP(p.warmth, -1.0, 1.0));
    if (p.vignette > 0.001)
        vignette(fx, luma, width, height, luma_stride, CLAMP(p.vignette, 0.0, 1.0));
    if (p.grain > 0.001)
        grain(fx, luma, width, height, luma_stride, CLAMP(p.grain, 0.0, 1.0));
    if (p.matte_num > 0 && p.matte_den > 0)
        matte(frame, p.matte_num, p.matte_den);
}

static GstPadProbeReturn on_buffer(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
    GstShimFx *fx = data;
    g_mutex_lock(&fx->lock);
    gboolean active = params_active(&fx->params);
    g_mutex_unlock(&fx->lock);
    if (!active) return GST_PAD_PROBE_OK;
    GstCaps *caps = gst_pad_get_current_caps(pad);
    if (caps == NULL) return GST_PAD_PROBE_OK;
    GstVideoInfo video;
    gboolean ok = gst_video_info_from_caps(&video, caps);
    gst_caps_unref(caps);
    if (!ok) return GST_PAD_PROBE_OK;
    GstBuffer *buffer = gst_pad_probe_info_get_buffer(info);
    buffer = gst_buffer_make_writable(buffer);
    GST_PAD_PROBE_INFO_DATA(info) = buffer;
    GstVideoFrame frame;
    if (gst_video_frame_map(&frame, &video, buffer, GST_MAP_READWRITE)) {
        gstshim_fx_apply_frame(fx, &frame);
        gst_video_frame_unmap(&frame);
    }
    return GST_PAD_PROBE_OK;
}

gboolean gstshim_fx_attach(GstShimFx *fx, GstElement *element, const char *pad_name) {
    GstPad *pad = gst_element_get_static_pad(element, pad_name);
    if (pad == NULL) return FALSE;
    gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, on_buffer, fx, NULL);
    gst_object_unref(pad);
    return TRUE;
}
