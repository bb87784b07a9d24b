#!/usr/bin/env python3
"""Anchor Ristretto's guided-generation masks against llguidance and XGrammar.

The Python half of `moka-bench guidance --anchors`. The Swift side writes the inputs, this
script runs the other engines over the same vocabulary, grammars and token sequences, and
writes their timings and their agreement with Ristretto's masks.

    python3 scripts/guidance_anchors.py --cases CASES.json --masks MASKS.bin --out RESULT.json
        [--venv DIR] [--engines llguidance,xgrammar] [--threads 1]
    python3 scripts/guidance_anchors.py --self-test MODEL.gguf [--out RESULT.json]

Environment: runs with the system python3. When llguidance, xgrammar, gguf or numpy cannot be
imported it creates DIR (default `${RISTRETTO_CACHE:-~/.cache/ristretto}/venv-guidance-<sha256
of guidance-anchors-requirements.txt, 12 hex>`), installs that file with `pip install --no-deps`
(a complete lock; torch is not needed, see the requirements file) and re-executes itself there.
A stamp in DIR keeps later runs from reinstalling. Progress goes to stderr only.

CASES.json: {"gguf": path, "vocabularyName": str,
             "cases": [{"name": str, "schema": {JSON Schema}, "sequences": [[token id, ...], ...]}]}
MASKS.bin:  Ristretto's allowed sets in order: per case, per sequence, positions 0...len (len+1
            masks: before each token and after the last), each ceil(V/32) little-endian uint32
            words, bit t%32 of word t/32 = token t allowed; V is the GGUF vocabulary size.

Measured per engine and case: tokenizer construction (once), grammar compile (cold: a fresh
compiler, no cache, for every sequence), mask time per step cold (freshly compiled grammar, fresh
matcher) and warm (second pass, already compiled grammar, new matcher) in microseconds, and
per-step agreement with Ristretto on ordinary tokens only: control/unknown/unused tokens and the
end-of-sequence ids are excluded (listed in RESULT.json as "excludedTokens"). A token of a
sequence the engine does not allow is recorded as rejected and the sequence is abandoned.
Semantics asked of both engines: compact JSON with "," and ":" and no whitespace, properties in
schema order (both engines force declared order), no additional properties (XGrammar
strict_mode, llguidance as the schema says). XGrammar: TokenizerInfo from the raw GGUF strings
(BYTE_LEVEL for "gpt2", BYTE_FALLBACK for "llama"), excluded tokens given as "" so it treats them
as special. llguidance: LLTokenizer from a TokenizerWrapper with each token's bytes (excluded
ones marked b"\xff"), its tokenize being a greedy longest match (llguidance calls it only for
forced-byte tokenization), and the schema wrapped in Lark with `%llguidance {"no_forcing": true}`
so that forced runs report every allowed token instead of one canonical token.
"""
import argparse, hashlib, importlib.util, json, os, subprocess, sys, tempfile, time, types
from importlib.metadata import version as pkg_version

HERE = os.path.dirname(os.path.abspath(__file__))
REQUIREMENTS = os.path.join(HERE, "guidance-anchors-requirements.txt")
LLG_OPTIONS = {"whitespace_flexible": False, "key_separator": ":", "item_separator": ","}
XGR_OPTIONS = dict(any_whitespace=False, indent=None, separators=(",", ":"), strict_mode=True, any_order=False)
EXAMPLES_PER_CASE = 5


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- environment

def import_engines():
    """Imports numpy, gguf, llguidance and xgrammar; xgrammar gets placeholder torch/transformers
    modules when the real ones are absent (it only names them; masks go through DLPack)."""
    import numpy, gguf, llguidance, llguidance.numpy, tvm_ffi  # tvm_ffi probes torch itself: first
    for name in ("torch", "transformers"):
        if name not in sys.modules and importlib.util.find_spec(name) is None:
            stub = types.ModuleType(name)
            stub.__getattr__ = _placeholder
            stub.tensor = lambda *args, **kwargs: None
            sys.modules[name] = stub
    import xgrammar
    return numpy, gguf, llguidance, xgrammar


def _placeholder(attr):
    if attr.startswith("__"):
        raise AttributeError(attr)
    return type(attr, (), {})


def ensure_environment(venv_dir):
    try:
        return import_engines()
    except ImportError as error:
        if os.environ.get("RISTRETTO_GUIDANCE_VENV") == "1":
            raise SystemExit(f"dependencies still missing inside the venv: {error}")
        log(f"guidance-anchors: {error}; using a virtual environment")
    with open(REQUIREMENTS, "rb") as file:
        digest = hashlib.sha256(file.read()).hexdigest()[:12]
    cache = os.environ.get("RISTRETTO_CACHE") or os.path.expanduser("~/.cache/ristretto")
    venv_dir = venv_dir or os.path.join(cache, f"venv-guidance-{digest}")
    python, stamp = os.path.join(venv_dir, "bin", "python"), os.path.join(venv_dir, ".requirements-sha256")
    if not (os.path.exists(python) and os.path.exists(stamp) and open(stamp).read().strip() == digest):
        log(f"guidance-anchors: installing {os.path.basename(REQUIREMENTS)} into {venv_dir}")
        subprocess.run([sys.executable, "-m", "venv", venv_dir], check=True, stdout=sys.stderr)
        subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "--no-deps", "-r", REQUIREMENTS], check=True, stdout=sys.stderr)
        with open(stamp, "w") as file:
            file.write(digest + "\n")
    os.environ["RISTRETTO_GUIDANCE_VENV"] = "1"
    os.execv(python, [python, os.path.abspath(__file__)] + sys.argv[1:])


# ---------------------------------------------------------------- vocabulary

def byte_level_decoder():
    """GPT-2's bytes_to_unicode, inverted: the character each byte is spelled with -> the byte."""
    printable = list(range(33, 127)) + list(range(161, 173)) + list(range(174, 256))
    chars, extra = printable[:], 0
    for byte in range(256):
        if byte not in printable:
            printable.append(byte)
            chars.append(256 + extra)
            extra += 1
    return {chr(c): b for b, c in zip(printable, chars)}


class Vocabulary:
    """The GGUF tokenizer: raw token strings, their bytes, types and the ordinary-token bitset."""
    NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6

    def __init__(self, np, gguf, path):
        fields = gguf.GGUFReader(path).fields
        get = lambda key: fields[key].contents() if key in fields else None
        self.np, self.model = np, get("tokenizer.ggml.model")
        self.tokens, self.types = list(get("tokenizer.ggml.tokens")), list(get("tokenizer.ggml.token_type"))
        self.size = len(self.tokens)
        self.words = (self.size + 31) // 32
        self.eos = sorted({i for i in (get("tokenizer.ggml.eos_token_id"), get("tokenizer.ggml.eot_token_id"),
                                       get("tokenizer.ggml.eom_token_id")) if i is not None})
        self.bos = get("tokenizer.ggml.bos_token_id")
        decoder = byte_level_decoder() if self.model == "gpt2" else None
        self.bytes = [self._bytes(t, kind, decoder) for t, kind in zip(self.tokens, self.types)]
        special = {self.CONTROL, self.UNKNOWN, self.UNUSED}
        self.excluded = [i for i, (kind, raw) in enumerate(zip(self.types, self.bytes))
                         if kind in special or i in self.eos or not raw]
        self.excluded_set = set(self.excluded)
        allowed = np.ones(self.words * 32, dtype=bool)
        allowed[self.size:] = False
        allowed[self.excluded] = False
        self.ordinary = np.packbits(allowed, bitorder="little").view("<u4")
        self.lookup = {raw: i for i, raw in reversed(list(enumerate(self.bytes))) if i not in self.excluded_set}
        self.longest = max(len(raw) for raw in self.lookup)

    def _bytes(self, token, kind, decoder):
        if decoder is not None and kind != self.CONTROL:
            if all(c in decoder for c in token):
                return bytes(decoder[c] for c in token)
            return token.encode()
        if kind == self.BYTE and token.startswith("<0x") and token.endswith(">"):
            return bytes([int(token[3:-1], 16)])
        return token.replace("\u2581", " ").encode() if kind != self.CONTROL else token.encode()

    def greedy_tokenize(self, data):
        """Greedy longest match over the ordinary tokens (not the model's BPE or SentencePiece)."""
        ids, at = [], 0
        while at < len(data):
            for length in range(min(self.longest, len(data) - at), 0, -1):
                token = self.lookup.get(data[at:at + length])
                if token is not None:
                    ids.append(token)
                    at += length
                    break
            else:
                raise ValueError(f"no token spells byte {data[at]:#x}")
        return ids

    def text(self, token):
        return repr(self.bytes[token].decode("utf-8", "backslashreplace"))

    def tokens_of(self, words):
        """Token ids whose bits are set in a uint32 bitset."""
        return self.np.flatnonzero(self.np.unpackbits(words.view("u1"), bitorder="little"))


# ---------------------------------------------------------------- engines

class Engine:
    """compile(schema) -> compiled grammar; matcher(compiled) -> a new matcher in its start state;
    fill_into(matcher, int32 buffer (1, words)); accept(matcher, token) -> bool."""

    def filler(self, words):
        buffer = self.np.zeros((1, words), dtype=self.np.int32)
        return buffer, lambda matcher: self.fill_into(matcher, buffer)


class XGrammarEngine(Engine):
    name = "xgrammar"

    def __init__(self, np, xgr, vocab, threads):
        self.np, self.xgr, self.threads, self.version = np, xgr, threads, pkg_version("xgrammar")
        kind = xgr.VocabType.BYTE_LEVEL if vocab.model == "gpt2" else xgr.VocabType.BYTE_FALLBACK
        # Excluded tokens are given as "" so that XGrammar treats them as special (never allowed);
        # it would otherwise read "<|im_start|>" as ordinary text.
        encoded = ["" if i in vocab.excluded_set else t for i, t in enumerate(vocab.tokens)]
        self.info = xgr.TokenizerInfo(encoded, kind, vocab_size=vocab.size, stop_token_ids=vocab.eos,
                                      add_prefix_space=False)
        self.options = {"vocabType": kind.name, **XGR_OPTIONS, "maxThreads": threads}

    def compile(self, schema):
        compiler = self.xgr.GrammarCompiler(self.info, max_threads=self.threads, cache_enabled=False)
        return compiler.compile_json_schema(json.dumps(schema), **XGR_OPTIONS)

    def matcher(self, compiled):
        return self.xgr.GrammarMatcher(compiled)

    def fill_into(self, matcher, buffer):
        matcher.fill_next_token_bitmask(buffer)  # a numpy array, through DLPack

    def accept(self, matcher, token):
        return matcher.accept_token(int(token))


class LLGuidanceEngine(Engine):
    name = "llguidance"

    def __init__(self, np, llg, vocab):
        self.np, self.llg, self.version = np, llg, pkg_version("llguidance")
        marked = [b"\xff" + t.encode() if i in vocab.excluded_set else vocab.bytes[i]
                  for i, t in enumerate(vocab.tokens)]

        class Wrapped:  # what llguidance.TokenizerWrapper reads; tokenize only serves healing
            eos_token_id, bos_token_id, tokens = vocab.eos[0], vocab.bos, marked
            special_token_ids = vocab.excluded
            def __call__(self, data):
                return vocab.greedy_tokenize(data)

        self.tokenizer = llg.LLTokenizer(llg.TokenizerWrapper(Wrapped()), n_vocab=vocab.size, eos_token=vocab.eos)
        self.options = {**LLG_OPTIONS, "no_forcing": True, "tokenize": "greedy longest match", "slices": "general"}

    def compile(self, schema):
        # Lark wrapper only to set no_forcing: with it llguidance reports every allowed token, as
        # Ristretto does; without it a forced run (`{"name":"`) gets a mask of one canonical token.
        schema = {**schema, "x-guidance": {**schema.get("x-guidance", {}), **LLG_OPTIONS}}
        lark = '%llguidance {"no_forcing": true}\nstart: %json ' + json.dumps(schema) + "\n"
        grammar = self.llg.LLMatcher.grammar_from_lark(lark)
        matcher = self.llg.LLMatcher(self.tokenizer, grammar, log_level=0)
        if matcher.is_error():
            raise ValueError(matcher.get_error())
        return matcher

    def matcher(self, compiled):
        return compiled.deep_copy()

    def fill_into(self, matcher, buffer):
        self.llg.numpy.fill_next_token_bitmask(matcher, buffer)

    def accept(self, matcher, token):
        return matcher.consume_token(int(token)) and not matcher.is_error()


# ---------------------------------------------------------------- measuring

def summary(np, samples_ns):
    if not samples_ns:
        return {"p50": None, "p99": None, "max": None, "count": 0}
    micros = np.array(samples_ns, dtype=np.float64) / 1000.0
    return {"p50": round(float(np.percentile(micros, 50)), 2), "p99": round(float(np.percentile(micros, 99)), 2),
            "max": round(float(micros.max()), 2), "count": len(samples_ns)}


def run_pass(engine, vocab, compiled, sequences, ours, record, first=0):
    """One pass over the sequences (numbered from `first`), a new matcher each; returns the
    mask times in ns. `record` (an Agreement, or None) sees every mask and every rejection."""
    times = []
    buffer, fill = engine.filler(vocab.words)
    theirs = buffer[0].view("<u4")
    for s, sequence in enumerate(sequences, start=first):
        matcher = engine.matcher(compiled)
        for p in range(len(sequence) + 1):
            started = time.perf_counter_ns()
            fill(matcher)
            times.append(time.perf_counter_ns() - started)
            if record is not None:
                record(s, p, ours[s - first][p], theirs, sequence)
            if p == len(sequence):
                break
            token = sequence[p]
            allowed = (int(theirs[token // 32]) >> (token % 32)) & 1
            if not allowed or not engine.accept(matcher, token):
                if record is not None:
                    record.rejected(s, p, token, sequence)
                break
    return times


class Agreement:
    """Compares the engine's masks with Ristretto's on ordinary tokens, keeping a few examples."""

    def __init__(self, vocab):
        self.vocab, self.np = vocab, vocab.np
        self.equal = self.differing = self.only_ours = self.only_theirs = 0
        self.examples, self.rejects, self.shown = [], [], set()

    def __call__(self, s, p, ours, theirs, sequence):
        np, vocab = self.np, self.vocab
        mine, other = ours & vocab.ordinary, theirs & vocab.ordinary
        if np.array_equal(mine, other):
            self.equal += 1
            return
        self.differing += 1
        ours_only, theirs_only = mine & ~other, other & ~mine
        self.only_ours += int(np.bitwise_count(ours_only).sum())
        self.only_theirs += int(np.bitwise_count(theirs_only).sum())
        for side, words in (("ours", ours_only), ("theirs", theirs_only)):
            ids = tuple(int(t) for t in vocab.tokens_of(words))
            if not ids or len(self.examples) >= EXAMPLES_PER_CASE or (side, ids) in self.shown:
                continue  # a difference already shown (same side, same token set) is not repeated
            self.shown.add((side, ids))
            self.examples.append({"sequence": s, "position": p, "only": side, "count": len(ids),
                                  "tokens": [{"token": t, "text": vocab.text(t)} for t in ids[:3]],
                                  "after": self.prefix(sequence, p)})

    def prefix(self, sequence, p):
        text = b"".join(self.vocab.bytes[t] for t in sequence[:p]).decode("utf-8", "backslashreplace")
        return text[-80:]

    def rejected(self, s, p, token, sequence):
        self.rejects.append({"sequence": s, "position": p, "token": int(token),
                             "text": self.vocab.text(int(token)), "after": self.prefix(sequence, p)})


def measure(engine, vocab, cases, masks):
    np, results, compile_ms, cold_all, warm_all = vocab.np, [], [], [], []
    totals = {"equalSteps": 0, "differingSteps": 0, "rejectedTokens": 0}
    for case, ours in zip(cases, masks):
        log(f"  {engine.name}: {case['name']}")
        sequences = case.get("sequences", [])
        row = {"name": case["name"], "compileMillis": None, "cold": summary(np, []), "warm": summary(np, []),
               "equalSteps": 0, "differingSteps": 0, "onlyOurs": 0, "onlyTheirs": 0, "examples": [],
               "rejected": [], "error": None}
        try:
            compiles, cold, agreement, compiled = [], [], Agreement(vocab), None
            for s in range(max(1, len(sequences))):  # cold: a fresh compile for every sequence
                started = time.perf_counter_ns()
                compiled = engine.compile(case["schema"])
                compiles.append((time.perf_counter_ns() - started) / 1e6)
                if sequences:
                    cold += run_pass(engine, vocab, compiled, [sequences[s]], [ours[s]], agreement, first=s)
            warm = run_pass(engine, vocab, compiled, sequences, ours, None)
        except Exception as error:  # a schema the engine cannot compile, or an engine failure
            row["error"] = f"{type(error).__name__}: {error}"
            log(f"    error: {row['error']}")
            results.append(row)
            continue
        row.update(compileMillis=round(float(np.median(compiles)), 3), cold=summary(np, cold), warm=summary(np, warm),
                   equalSteps=agreement.equal, differingSteps=agreement.differing, onlyOurs=agreement.only_ours,
                   onlyTheirs=agreement.only_theirs, examples=agreement.examples, rejected=agreement.rejects)
        compile_ms.append(row["compileMillis"])
        cold_all += cold
        warm_all += warm
        totals["equalSteps"] += agreement.equal
        totals["differingSteps"] += agreement.differing
        totals["rejectedTokens"] += len(agreement.rejects)
        results.append(row)
    return {"compileMillis": {"p50": round(float(np.median(compile_ms)), 3) if compile_ms else None,
                              "max": round(max(compile_ms), 3) if compile_ms else None},
            "cold": summary(np, cold_all), "warm": summary(np, warm_all), "agreement": totals, "cases": results}


def read_masks(np, path, cases, words):
    """Splits MASKS.bin into masks[case][sequence][position] (uint32 word arrays)."""
    flat = np.fromfile(path, dtype="<u4")
    steps = sum(len(seq) + 1 for case in cases for seq in case.get("sequences", []))
    if flat.size != steps * words:
        raise SystemExit(f"{path}: {flat.size} words, expected {steps} masks x {words} words")
    flat, at, masks = flat.reshape(-1, words), 0, []
    for case in cases:
        masks.append([])
        for sequence in case.get("sequences", []):
            masks[-1].append(flat[at:at + len(sequence) + 1])
            at += len(sequence) + 1
    return masks


def run(modules, cases_path, masks_path, out_path, engine_names, threads):
    np, gguf, llg, xgr = modules
    with open(cases_path) as file:
        spec = json.load(file)
    log(f"guidance-anchors: reading {spec['gguf']}")
    vocab = Vocabulary(np, gguf, spec["gguf"])
    masks = read_masks(np, masks_path, spec["cases"], vocab.words)
    result = {"vocabularyName": spec.get("vocabularyName"), "vocabularySize": vocab.size,
              "tokenizerModel": vocab.model, "excludedTokens": {"count": len(vocab.excluded), "eos": vocab.eos,
              "rule": "GGUF token_type control/unknown/unused, eos/eot/eom ids, empty tokens",
              "ids": vocab.excluded[:64]}, "engines": []}
    for name in engine_names:
        started = time.perf_counter_ns()
        engine = XGrammarEngine(np, xgr, vocab, threads) if name == "xgrammar" else LLGuidanceEngine(np, llg, vocab)
        tokenizer_ms = (time.perf_counter_ns() - started) / 1e6
        log(f"guidance-anchors: {name} {engine.version}, tokenizer {tokenizer_ms:.1f} ms")
        entry = {"name": name, "version": engine.version, "options": engine.options,
                 "tokenizerMillis": round(tokenizer_ms, 3)}
        entry.update(measure(engine, vocab, spec["cases"], masks))
        result["engines"].append(entry)
    with open(out_path, "w") as file:
        json.dump(result, file, indent=2, default=str)
    for entry in result["engines"]:
        a = entry["agreement"]
        log(f"{entry['name']:>10}: tokenizer {entry['tokenizerMillis']:.0f} ms, compile p50 "
            f"{entry['compileMillis']['p50']} ms, cold p50/p99 {entry['cold']['p50']}/{entry['cold']['p99']} us, "
            f"warm p50/p99 {entry['warm']['p50']}/{entry['warm']['p99']} us, steps equal {a['equalSteps']} "
            f"differing {a['differingSteps']} rejected {a['rejectedTokens']}")
    return result


# ---------------------------------------------------------------- self-test

SELF_TEST_CASES = [
    ("person", {"type": "object", "x-order": ["name", "age", "nickname"],
                "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 0, "maximum": 150},
                               "nickname": {"type": "string"}},
                "required": ["name", "age"], "additionalProperties": False},
     ['{"name":"Ada Lovelace","age":36}', '{"name":"Zo\u00eb \\"Z\\" \u6771","age":7,"nickname":"zz"}',
      '{"name":"","age":150}']),
    ("enum", {"type": "object", "x-order": ["color"], "properties": {"color": {"enum": ["red", "green", "blue"]}},
              "required": ["color"], "additionalProperties": False},
     ['{"color":"green"}', '{"color":"red"}']),
    ("array of objects", {"type": "object", "x-order": ["items"], "required": ["items"], "additionalProperties": False,
                          "properties": {"items": {"type": "array", "items": {
                              "type": "object", "x-order": ["id", "label"], "required": ["id", "label"],
                              "additionalProperties": False,
                              "properties": {"id": {"type": "integer"}, "label": {"type": "string"}}}}}},
     ['{"items":[{"id":1,"label":"one"},{"id":-20,"label":"two words"}]}', '{"items":[]}']),
]


def self_test(modules, gguf_path, out_path, engine_names, threads):
    """Greedy-tokenized instances, with XGrammar's own masks standing in for Ristretto's."""
    np, gguf, llg, xgr = modules
    vocab = Vocabulary(np, gguf, gguf_path)
    engine = XGrammarEngine(np, xgr, vocab, threads)
    cases, chunks = [], []
    for name, schema, instances in SELF_TEST_CASES:
        sequences = [vocab.greedy_tokenize(text.encode()) for text in instances]
        compiled = engine.compile(schema)
        for sequence in sequences:
            buffer, fill = engine.filler(vocab.words)
            matcher = engine.matcher(compiled)
            for p in range(len(sequence) + 1):
                fill(matcher)
                chunks.append(buffer[0].view("<u4") & vocab.ordinary)  # Ristretto never allows specials
                if p < len(sequence) and not engine.accept(matcher, sequence[p]):
                    raise SystemExit(f"self-test: xgrammar rejects {name} at {p}")
        cases.append({"name": name, "schema": schema, "sequences": sequences})
    folder = tempfile.mkdtemp(prefix="guidance-anchors-")
    cases_path, masks_path = os.path.join(folder, "cases.json"), os.path.join(folder, "masks.bin")
    with open(cases_path, "w") as file:
        json.dump({"gguf": gguf_path, "vocabularyName": os.path.basename(gguf_path), "cases": cases}, file)
    np.concatenate(chunks).astype("<u4").tofile(masks_path)
    log(f"self-test: inputs in {folder}")
    result = run(modules, cases_path, masks_path, out_path or os.path.join(folder, "result.json"), engine_names, threads)
    xgr_entry = next((e for e in result["engines"] if e["name"] == "xgrammar"), None)
    if xgr_entry and (xgr_entry["agreement"]["differingSteps"] or xgr_entry["agreement"]["rejectedTokens"]):
        raise SystemExit("self-test FAILED: xgrammar disagrees with its own masks")
    log("self-test passed: xgrammar agrees with itself on every step")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases")
    parser.add_argument("--masks")
    parser.add_argument("--out")
    parser.add_argument("--venv")
    parser.add_argument("--engines", default="llguidance,xgrammar")
    parser.add_argument("--threads", type=int, default=1, help="XGrammar compile threads (default 1)")
    parser.add_argument("--self-test", metavar="GGUF")
    args = parser.parse_args()
    engines = [name.strip() for name in args.engines.split(",") if name.strip()]
    unknown = set(engines) - {"llguidance", "xgrammar"}
    if unknown:
        parser.error(f"unknown engines: {', '.join(sorted(unknown))}")
    if not args.self_test and not (args.cases and args.masks and args.out):
        parser.error("--cases, --masks and --out are required (or --self-test GGUF)")
    modules = ensure_environment(args.venv)
    if args.self_test:
        self_test(modules, args.self_test, args.out, engines, args.threads)
    else:
        run(modules, args.cases, args.masks, args.out, engines, args.threads)


if __name__ == "__main__":
    main()
