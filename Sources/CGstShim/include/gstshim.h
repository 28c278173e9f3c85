#ifndef RETROCAM_GSTSHIM_H
#define RETROCAM_GSTSHIM_H
#include <gst/gst.h>
#endif
