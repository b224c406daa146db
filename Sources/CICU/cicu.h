// Link-flag carrier for the system ICU (pkg-config icu-i18n). Deliberately exposes no ICU
// declarations to Swift: see Sources/CICUShim/include/icu_shim.h for the C surface we use.
#include <stdint.h>
