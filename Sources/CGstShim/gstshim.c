#include "gstshim.h"
