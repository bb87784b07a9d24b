#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (Fixtures/fuzz/<target>/seeds).

Seeds are small valid inputs that show libFuzzer each format's shape; crash reproducers live
beside them in Fixtures/fuzz/<target>/crashes and are never written by this script.

Usage: scripts/make-fuzz-seeds.py   (idempotent; rewrites the seeds directories)
"""
import json
import shutil
import struct
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FUZZ = ROOT / "Fixtures" / "fuzz"


def write(target, name, data):
    directory = FUZZ / target / "seeds"
    directory.mkdir(parents=True, exist_ok=True)
    (directory / name).write_bytes(data if isinstance(data, bytes) else data.encode())


JSON_DOCUMENTS = [
    '{"roast":"dark","limit":3,"origins":["Ethiopia","Brazil"],"note":null}',
    '[1,-2.5,3e2,true,false,null,"\\u00e9\\ud83d\\ude00\\n\\t\\"\\\\"]',
    '{"a":{"b":{"c":[[],{}]}}}',
    '"caf\u00e9 \u2615\ufe0f"',
    '-0.001',
    '  {"tool":"searchBeans","arguments":{"query":"fruity","limit":2}}  ',
]

SCHEMAS = [
    {"title": "BeanQuery", "type": "object", "additionalProperties": False,
     "properties": {"roast": {"type": "string", "enum": ["light", "medium", "dark"]},
                    "limit": {"type": "integer", "minimum": 1, "maximum": 5},
                    "note": {"type": "string", "pattern": "[a-z ]{0,20}"},
                    "origins": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3}},
     "required": ["roast", "limit", "origins"], "x-order": ["roast", "limit", "note", "origins"]},
    {"$ref": "#/$defs/Node", "$defs": {"Node": {"type": "object", "properties": {
        "value": {"type": "number", "minimum": -1.5},
        "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}, "required": ["value"]}}},
    {"anyOf": [{"type": "integer"}, {"type": "string", "const": "none"}, {"type": ["boolean", "null"]}]},
]

PATTERNS = ["[a-z]{1,4}", "\\d{3}-\\d{4}", "(ab|a)c?", "[^,]*", ".{0,3}", "^x|y|z$", "(\\w+-)?\\d{2}", "[A-Z][a-z]*"]

TEXTS = [
    "Why is my moka pot sputtering?",
    "<|im_start|>system\nYou are helpful.<|im_end|>",
    "<start_of_turn>user\nHi<end_of_turn>",
    "caf\u00e9 \u2615\ufe0f \u65e5\u672c \U0001F1EE\U0001F1F9",
    "   spaces\t\ttabs\n\n\nnewlines",
    "1234567890 3.14159 1e10",
    "\u202eright-to-left\u200f mark",
    "it's we're they've I'll you'd",
]


def gguf_string(text):
    data = text.encode()
    return struct.pack("<Q", len(data)) + data


def gguf_value(kind, value):
    if kind == "string":
        return struct.pack("<I", 8) + gguf_string(value)
    if kind == "uint32":
        return struct.pack("<II", 4, value)
    if kind == "bool":
        return struct.pack("<IB", 7, 1 if value else 0)
    if kind == "strings":
        return struct.pack("<IIQ", 9, 8, len(value)) + b"".join(gguf_string(item) for item in value)
    if kind == "float32s":
        return struct.pack("<IIQ", 9, 6, len(value)) + b"".join(struct.pack("<f", item) for item in value)
    if kind == "int32s":
        return struct.pack("<IIQ", 9, 5, len(value)) + b"".join(struct.pack("<i", item) for item in value)
    raise ValueError(kind)


def gguf(metadata, tensors=()):
    """A GGUF v3 file: header, metadata, tensor table (F32 tensors), padding, data."""
    out = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), len(metadata))
    for key, (kind, value) in metadata.items():
        out += gguf_string(key) + gguf_value(kind, value)
    offset = 0
    for name, shape in tensors:
        out += gguf_string(name) + struct.pack("<I", len(shape)) + b"".join(struct.pack("<q", d) for d in shape)
        out += struct.pack("<IQ", 0, offset)
        size = 4
        for d in shape:
            size *= d
        offset += (size + 31) // 32 * 32
    if tensors:
        out += b"\0" * (-len(out) % 32)
        out += b"\0" * offset
    return out


def bpe_metadata():
    # GPT-2 byte-level: the printable ASCII stand for themselves, space is 'Ġ'.
    tokens = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"] + [chr(c) for c in range(0x21, 0x7F)] + ["\u0120", "\u0120m", "ok", "a"]
    tokens = list(dict.fromkeys(tokens))
    return {
        "general.architecture": ("string", "llama"),
        "tokenizer.ggml.model": ("string", "gpt2"),
        "tokenizer.ggml.pre": ("string", "smollm"),
        "tokenizer.ggml.tokens": ("strings", tokens),
        "tokenizer.ggml.token_type": ("int32s", [3, 3, 3] + [1] * (len(tokens) - 3)),
        "tokenizer.ggml.merges": ("strings", ["\u0120 m", "o k"]),
        "tokenizer.ggml.bos_token_id": ("uint32", 1),
        "tokenizer.ggml.eos_token_id": ("uint32", 2),
    }


def spm_metadata():
    tokens = ["<pad>", "<eos>", "<bos>", "<unk>", "<start_of_turn>", "<end_of_turn>"]
    tokens += ["<0x%02X>" % b for b in range(256)] + ["\u2581", "\u2581a", "ab", "a", "b", "\u2581\u2581"]
    types = [3, 3, 3, 2, 3, 3] + [6] * 256 + [1] * 6
    return {
        "general.architecture": ("string", "gemma3"),
        "tokenizer.ggml.model": ("string", "llama"),
        "tokenizer.ggml.tokens": ("strings", tokens),
        "tokenizer.ggml.scores": ("float32s", [0.0] * 262 + [-1.0, -2.0, -3.0, -4.0, -5.0, -6.0]),
        "tokenizer.ggml.token_type": ("int32s", types),
        "tokenizer.ggml.add_space_prefix": ("bool", False),
        "tokenizer.ggml.unknown_token_id": ("uint32", 3),
        "gemma3.context_length": ("uint32", 2048),
    }


TRANSCRIPT = {
    "type": "Ristretto.Transcript", "version": 1,
    "transcript": {"entries": [
        {"id": "instructions", "role": "instructions", "contents": [{"type": "text", "text": "Be brief."}],
         "tools": [{"name": "searchBeans", "description": "Searches the bean corpus.",
                    "parameters": {"type": "object", "properties": {"query": {"type": "string"}},
                                   "required": ["query"], "x-order": ["query"], "additionalProperties": False,
                                   "title": "Arguments"},
                    "includesSchemaInInstructions": True}]},
        {"id": "prompt-1", "role": "user", "contents": [{"type": "text", "text": "Something fruity?"}],
         "options": {"temperature": 0.5, "maximumResponseTokens": 64, "sampling": {"greedy": {}}},
         "responseFormat": '{"type":"string","enum":["yes","no"]}'},
        {"id": "toolCalls-2", "role": "toolCalls",
         "toolCalls": [{"id": "call-1", "toolName": "searchBeans", "arguments": '{"query":"fruity"}'}]},
        {"id": "call-1", "role": "tool", "toolName": "searchBeans",
         "contents": [{"type": "structure", "structure": '{"status":"found","beans":["Yirgacheffe"]}'}]},
        {"id": "response-4", "role": "response", "contents": [{"type": "text", "text": "Try a Yirgacheffe."}]},
    ]},
}


def main():
    for target in ["json", "partial-json", "json-schema", "pattern", "guidance", "gguf", "bpe", "sentencepiece",
                   "transcript"]:
        shutil.rmtree(FUZZ / target / "seeds", ignore_errors=True)
    for index, document in enumerate(JSON_DOCUMENTS):
        write("json", "document-%d.json" % index, document)
        write("partial-json", "document-%d" % index, bytes([len(document) // 2, 0]) + document.encode())
        # The guidance harness reads a schema from its first bytes; any bytes will do as a start.
        write("guidance", "candidate-%d" % index, bytes([index, 8, 3, 1, 5, 0, 2, 9, 0, 0]) + document.encode())
    for index, schema in enumerate(SCHEMAS):
        write("json-schema", "schema-%d.json" % index, json.dumps(schema, ensure_ascii=False))
    for index, pattern in enumerate(PATTERNS):
        write("pattern", "pattern-%d" % index, pattern.encode() + b"\xff" + b"ab-12")
    for index, text in enumerate(TEXTS):
        for mode in (0, 1):
            write("bpe", "text-%d-%d" % (index, mode), bytes([mode]) + text.encode())
            write("sentencepiece", "text-%d-%d" % (index, mode), bytes([mode]) + text.encode())
    write("bpe", "ids", bytes([3]) + struct.pack("<4i", 0, 1, 49151, -1))
    write("sentencepiece", "ids", bytes([3]) + struct.pack("<4i", 0, 105, 262143, -1))
    write("gguf", "bpe-vocabulary.gguf", gguf(bpe_metadata()))
    write("gguf", "sentencepiece-vocabulary.gguf", gguf(spm_metadata()))
    write("gguf", "tensors.gguf", gguf({"general.alignment": ("uint32", 32), "general.name": ("string", "seed")},
                                       [("token_embd.weight", [8, 4]), ("output_norm.weight", [8])]))
    write("transcript", "transcript.json", json.dumps(TRANSCRIPT, ensure_ascii=False))


if __name__ == "__main__":
    main()
