#ifndef MOCKLS_CJSONC_SHIM_H
#define MOCKLS_CJSONC_SHIM_H
#include <json-c/json.h>
#endif
