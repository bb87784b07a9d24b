#!/usr/bin/env python3
"""Extract the tokenizer of a GGUF model into a compact JSON fixture.

Reads only the GGUF header and the metadata key/value section (never tensor
data) with a small pure-Python reader, and writes the "ristretto-tokenizer/1"
JSON document that Ristretto's Swift tokenizer tests load.

Usage:
    scripts/extract-tokenizer.py [MODEL.gguf] [-o OUT.json]
    scripts/extract-tokenizer.py "$RISTRETTO_GEMMA_MODEL"   # Gemma 3 270M

MODEL defaults to $RISTRETTO_MODEL, then to the path scripts/install-llama.sh
uses (SmolLM2). OUT defaults to Fixtures/tokenizers/gemma3-270m.json for a
Gemma 3 model and to Fixtures/tokenizers/smollm2-135m.json otherwise.

Byte-level BPE models (tokenizer.ggml.model "gpt2") get exactly the keys they
always had. SentencePiece models ("llama") also get what llama.cpp's SPM path
reads: "scores" (one float a token, written as an integer when it is one),
"addSpacePrefix" (tokenizer.ggml.add_space_prefix; null when absent, which
llama.cpp reads as true), "addSep", and "eog": the end-of-generation ids
llama.cpp derives (the eos and eot ids plus every token whose text is on its
list of end markers, such as <end_of_turn>, <eos> and </s>).
"""

import argparse
import hashlib
import json
import os
import struct
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_MODEL = os.path.join(
    os.environ.get("RISTRETTO_CACHE", os.path.expanduser("~/.cache/ristretto")),
    "models",
    "SmolLM2-135M-Instruct.Q4_1.gguf",
)
DEFAULT_OUT = os.path.join(REPO, "Fixtures", "tokenizers", "smollm2-135m.json")
GEMMA3_OUT = os.path.join(REPO, "Fixtures", "tokenizers", "gemma3-270m.json")

# The token texts llama.cpp (src/llama-vocab.cpp, llama_vocab::impl::load) treats as
# end of generation, whatever the token types say.
EOG_TEXTS = {
    "<|eot_id|>", "<|im_end|>", "<|end|>", "<|return|>", "<|call|>", "<|flush|>", "<|calls|>",
    "<end_of_turn>", "<|endoftext|>", "</s>", "<|eom_id|>", "<EOT>", "_<EOT>", "[EOT]", "[EOS]",
    "<|end_of_text|>", "<end_of_utterance>", "<eos>", "<turn|>", "<|tool_response>",
    "<\uff5cend\u2581of\u2581sentence\uff5c>", "[e~[",
}


# GGUF metadata value types
T_U8, T_I8, T_U16, T_I16, T_U32, T_I32, T_F32, T_BOOL, T_STR, T_ARR, T_U64, T_I64, T_F64 = range(13)
_SCALAR = {
    T_U8: "<B", T_I8: "<b", T_U16: "<H", T_I16: "<h", T_U32: "<I", T_I32: "<i",
    T_F32: "<f", T_BOOL: "<?", T_U64: "<Q", T_I64: "<q", T_F64: "<d",
}
TYPE_NAMES = {
    T_U8: "u8", T_I8: "i8", T_U16: "u16", T_I16: "i16", T_U32: "u32", T_I32: "i32",
    T_F32: "f32", T_BOOL: "bool", T_STR: "string", T_ARR: "array", T_U64: "u64",
    T_I64: "i64", T_F64: "f64",
}


class GGUFError(Exception):
    pass


class GGUFReader:
    """Sequential little-endian reader over the GGUF metadata section."""

    def __init__(self, f):
        self.f = f
        self.lossy_strings = 0  # strings that were not valid UTF-8

    def _read(self, n):
        b = self.f.read(n)
        if len(b) != n:
            raise GGUFError("unexpected end of file")
        return b

    def _unpack(self, fmt):
        return struct.unpack(fmt, self._read(struct.calcsize(fmt)))[0]

    def string(self):
        n = self._unpack("<Q")
        if n > 1 << 30:
            raise GGUFError(f"implausible string length {n}")
        raw = self._read(n)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            # JSON cannot carry invalid UTF-8; count it so main() can warn.
            self.lossy_strings += 1
            return raw.decode("utf-8", errors="replace")

    def value(self, vtype):
        if vtype in _SCALAR:
            return self._unpack(_SCALAR[vtype])
        if vtype == T_STR:
            return self.string()
        if vtype == T_ARR:
            etype = self._unpack("<I")
            count = self._unpack("<Q")
            if etype in _SCALAR:
                fmt = _SCALAR[etype]
                size = struct.calcsize(fmt)
                data = self._read(size * count)
                return list(struct.unpack("<%d%s" % (count, fmt[1]), data))
            return [self.value(etype) for _ in range(count)]
        raise GGUFError(f"unknown GGUF value type {vtype}")

    def header_and_metadata(self):
        magic = self._read(4)
        if magic != b"GGUF":
            raise GGUFError(f"not a GGUF file (magic {magic!r})")
        version = self._unpack("<I")
        if version not in (2, 3):
            raise GGUFError(f"unsupported GGUF version {version}")
        tensor_count = self._unpack("<Q")
        kv_count = self._unpack("<Q")
        kv = {}
        types = {}
        for _ in range(kv_count):
            key = self.string()
            vtype = self._unpack("<I")
            kv[key] = self.value(vtype)
            types[key] = vtype
        info = {"version": version, "tensor_count": tensor_count, "lossy_strings": self.lossy_strings}
        return info, kv, types


def read_gguf_metadata(path):
    with open(path, "rb") as f:
        return GGUFReader(f).header_and_metadata()


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def end_of_generation(tokens, kv):
    """The end-of-generation ids as llama.cpp derives them (for SentencePiece models)."""
    ids = {text: i for i, text in enumerate(tokens)}  # the last id of a text wins, as in llama.cpp
    eog = {ids[text] for text in EOG_TEXTS if text in ids}
    # The end-of-turn token llama.cpp detects by text when the metadata names none is one of them.
    named = (kv.get("tokenizer.ggml.eos_token_id", 2), kv.get("tokenizer.ggml.eot_token_id"),
             kv.get("tokenizer.ggml.eom_token_id"))
    eog.update(i for i in named if i is not None and 0 <= i < len(tokens))
    texts = {tokens[i] for i in eog}
    has_call = "<|call|>" in texts or "<|calls|>" in texts
    if "<|end|>" in texts and has_call and ("<|return|>" in texts or "<|flush|>" in texts):
        eog.discard(ids["<|end|>"])
    if ("<|tool_response>" in texts or "<|plamo:eos|>" in texts) and "</s>" in texts:
        eog.discard(ids["</s>"])
    return sorted(eog)


def compact_number(x):
    """A float score as JSON text: integral values without the ".0"."""
    return int(x) if float(x).is_integer() else x


def build_fixture(path, kv):
    def get(key, default=None):
        return kv.get(key, default)

    arch = get("general.architecture")
    tokens = get("tokenizer.ggml.tokens")
    if tokens is None:
        raise GGUFError("no tokenizer.ggml.tokens in the metadata")
    fixture = {
        "format": "ristretto-tokenizer/1",
        "source": {"file": os.path.basename(path), "sha256": sha256_file(path)},
        "model": get("tokenizer.ggml.model"),
        "pre": get("tokenizer.ggml.pre"),
        "tokens": tokens,
        "types": get("tokenizer.ggml.token_type", []),
        "merges": get("tokenizer.ggml.merges", []),
        "bos": get("tokenizer.ggml.bos_token_id"),
        "eos": get("tokenizer.ggml.eos_token_id"),
        "eot": get("tokenizer.ggml.eot_token_id"),
        "pad": get("tokenizer.ggml.padding_token_id"),
        "unk": get("tokenizer.ggml.unknown_token_id"),
        "addBos": get("tokenizer.ggml.add_bos_token"),
        "addEos": get("tokenizer.ggml.add_eos_token"),
        "chatTemplate": get("tokenizer.chat_template"),
        "contextLength": get(f"{arch}.context_length") if arch else None,
        "architecture": arch,
    }
    if fixture["model"] == "llama":
        # SentencePiece: what llama.cpp's SPM tokenizer reads besides the keys above.
        fixture["scores"] = [compact_number(x) for x in get("tokenizer.ggml.scores", [])]
        fixture["addSpacePrefix"] = get("tokenizer.ggml.add_space_prefix")
        fixture["addSep"] = get("tokenizer.ggml.add_sep_token")
        fixture["eog"] = end_of_generation(tokens, kv)
    return fixture


def describe(value, vtype):
    if isinstance(value, list):
        head = ", ".join(repr(v) for v in value[:5])
        return f"array[{len(value)}] [{head}{', ...' if len(value) > 5 else ''}]"
    if isinstance(value, str) and len(value) > 200:
        return repr(value[:200]) + f"... ({len(value)} chars)"
    return repr(value)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("model", nargs="?", default=os.environ.get("RISTRETTO_MODEL", DEFAULT_MODEL))
    ap.add_argument("-o", "--out", help="default: by architecture, see above")
    args = ap.parse_args(argv)

    header, kv, types = read_gguf_metadata(args.model)
    fixture = build_fixture(args.model, kv)
    if args.out is None:
        args.out = GEMMA3_OUT if fixture["architecture"] == "gemma3" else DEFAULT_OUT

    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    data = json.dumps(fixture, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    tmp = args.out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
        f.write(b"\n")
    os.replace(tmp, args.out)

    print(f"model:  {args.model}")
    print(f"gguf:   v{header['version']}, {header['tensor_count']} tensors, {len(kv)} metadata keys")
    print(f"wrote:  {args.out} ({os.path.getsize(args.out):,} bytes)")
    if header["lossy_strings"]:
        print(f"warning: {header['lossy_strings']} metadata strings were not valid UTF-8 "
              "and were written with U+FFFD replacements", file=sys.stderr)
    print(f"tokenizer.ggml.pre = {kv.get('tokenizer.ggml.pre')!r}")
    print("tokenizer.* keys:")
    for key in sorted(k for k in kv if k.startswith("tokenizer.")):
        print(f"  {key} ({TYPE_NAMES.get(types[key], types[key])}): {describe(kv[key], types[key])}")
    types_list = fixture["types"]
    counts = {}
    for t in types_list:
        counts[t] = counts.get(t, 0) + 1
    if "eog" in fixture:
        print(f"end of generation: {fixture['eog']}")
    print(f"tokens: {len(fixture['tokens'])}, merges: {len(fixture['merges'])}, "
          f"token types: {dict(sorted(counts.items()))}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except GGUFError as e:
        print(f"extract-tokenizer: {e}", file=sys.stderr)
        sys.exit(1)
