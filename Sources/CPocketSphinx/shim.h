// pocketsphinx 5prealpha (Debian's libpocketsphinx-dev) and the sphinxbase parts it needs.
#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/logmath.h>
