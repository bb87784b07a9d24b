#ifndef CLLAMA_SHIM_H
#define CLLAMA_SHIM_H

// The llama.cpp C API, found through pkg-config ("llama"); see scripts/install-llama.sh.
#include <llama.h>

#endif
