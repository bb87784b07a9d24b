#!/usr/bin/env python3
"""Generate golden tokenizations of SmolLM2-135M or Gemma 3 270M with the installed libllama.

A tiny C helper is compiled against llama.h/libllama (found via pkg-config,
which scripts/install-llama.sh sets up) so that no llama.cpp struct layout has
to be mirrored by hand. It loads the model with vocab_only = true and tokenizes
the cases this script generates deterministically (fixed seed).

Output: Fixtures/tokenizers/smollm2-135m.golden.jsonl (SmolLM2) or
Fixtures/tokenizers/gemma3-270m.golden.jsonl (Gemma 3), one JSON object a line:
    {"text": ..., "special": false|true, "ids": [...]}
"special" is the parse_special flag; add_special is always false.

The cases depend on the model family (--family, by default read from the
model's general.architecture): SmolLM2's cases use ChatML markers, Gemma 3's
its turn markers, user-defined tokens (runs of newlines, spaces and tabs, HTML
tags), unused tokens, the moka fixtures' texts, and every special text both as
plain text and with parse_special.

Usage:
    scripts/make-tokenizer-golden.py [MODEL.gguf] [-o OUT.jsonl] [--seed N] [--family F]
    scripts/make-tokenizer-golden.py "$RISTRETTO_GEMMA_MODEL"      # Gemma 3 270M
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_MODEL = os.path.join(
    os.environ.get("RISTRETTO_CACHE", os.path.expanduser("~/.cache/ristretto")),
    "models",
    "SmolLM2-135M-Instruct.Q4_1.gguf",
)
DEFAULT_OUT = os.path.join(REPO, "Fixtures", "tokenizers", "smollm2-135m.golden.jsonl")
GEMMA3_OUT = os.path.join(REPO, "Fixtures", "tokenizers", "gemma3-270m.golden.jsonl")
SEED = 20250207

HELPER_C = r"""
#include <llama.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void quiet(enum ggml_log_level level, const char * text, void * ud) {
    (void) ud;
    if (level == GGML_LOG_LEVEL_ERROR) fputs(text, stderr);
}

static void put_json_string(const char * s) {
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char) *s;
        if (c == '"' || c == '\\') { putchar('\\'); putchar(c); }
        else if (c < 0x20) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}

/* stdin: repeated "<parse_special 0|1> <byte length>\n<bytes>"
   stdout: line 1 = JSON vocab info; then per case "<roundtrip 0|1>[ id]*\n" */
int main(int argc, char ** argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s MODEL.gguf\n", argv[0]); return 2; }
    llama_log_set(quiet, NULL);
    llama_backend_init();
    struct llama_model_params mp = llama_model_default_params();
    mp.vocab_only = true;
    mp.n_gpu_layers = 0;
    struct llama_model * model = llama_model_load_from_file(argv[1], mp);
    if (!model) { fprintf(stderr, "failed to load %s\n", argv[1]); return 1; }
    const struct llama_vocab * vocab = llama_model_get_vocab(model);
    const int32_t n_vocab = llama_vocab_n_tokens(vocab);

    printf("{\"n_tokens\":%d,\"bos\":%d,\"eos\":%d,\"eot\":%d,\"pad\":%d,\"nl\":%d,\"sep\":%d,\"special\":[",
           n_vocab, llama_vocab_bos(vocab), llama_vocab_eos(vocab), llama_vocab_eot(vocab),
           llama_vocab_pad(vocab), llama_vocab_nl(vocab), llama_vocab_sep(vocab));
    int first = 1;
    for (llama_token t = 0; t < n_vocab; t++) {
        int attr = (int) llama_vocab_get_attr(vocab, t);
        if (attr != LLAMA_TOKEN_ATTR_NORMAL) {
            printf("%s{\"id\":%d,\"attr\":%d,\"eog\":%s,\"text\":", first ? "" : ",", t, attr,
                   llama_vocab_is_eog(vocab, t) ? "true" : "false");
            put_json_string(llama_vocab_get_text(vocab, t));
            putchar('}');
            first = 0;
        }
    }
    /* texts of the tokens that are one code point long (the byte-level alphabet) */
    printf("],\"single\":[");
    first = 1;
    for (llama_token t = 0; t < n_vocab; t++) {
        const unsigned char * s = (const unsigned char *) llama_vocab_get_text(vocab, t);
        size_t n = strlen((const char *) s);
        int one = n == 1 || (n == 2 && (s[0] & 0xE0) == 0xC0) || (n == 3 && (s[0] & 0xF0) == 0xE0);
        if (one) { if (!first) putchar(','); put_json_string((const char *) s); first = 0; }
    }
    printf("]}\n");

    size_t cap_ids = 1024, cap_text = 1 << 16, cap_out = 1 << 16;
    llama_token * ids = malloc(cap_ids * sizeof *ids);
    char * text = malloc(cap_text);
    char * out = malloc(cap_out);
    int special;
    long len;
    while (scanf("%d %ld", &special, &len) == 2) {
        if (getchar() != '\n' || len < 0) { fprintf(stderr, "bad framing\n"); return 1; }
        if ((size_t) len + 1 > cap_text) { cap_text = (size_t) len + 1; text = realloc(text, cap_text); }
        if (fread(text, 1, (size_t) len, stdin) != (size_t) len) { fprintf(stderr, "short read\n"); return 1; }
        text[len] = 0;
        int32_t n = llama_tokenize(vocab, text, (int32_t) len, ids, (int32_t) cap_ids, false, special != 0);
        if (n < 0) {
            cap_ids = (size_t) -n;
            ids = realloc(ids, cap_ids * sizeof *ids);
            n = llama_tokenize(vocab, text, (int32_t) len, ids, (int32_t) cap_ids, false, special != 0);
            if (n < 0) { fprintf(stderr, "tokenize failed\n"); return 1; }
        }
        int32_t m = llama_detokenize(vocab, ids, n, out, (int32_t) cap_out, false, special != 0);
        if (m < 0) {
            cap_out = (size_t) -m;
            out = realloc(out, cap_out);
            m = llama_detokenize(vocab, ids, n, out, (int32_t) cap_out, false, special != 0);
        }
        int roundtrip = m == len && memcmp(out, text, (size_t) len) == 0;
        printf("%d", roundtrip);
        for (int32_t i = 0; i < n; i++) printf(" %d", ids[i]);
        putchar('\n');
    }
    fflush(stdout);
    free(ids); free(text); free(out);
    llama_model_free(model);
    llama_backend_free();
    return 0;
}
"""


# --------------------------------------------------------------------------
# helper build / run


def pkg_config(*args):
    env = dict(os.environ)
    prefix = os.environ.get("RISTRETTO_LLAMA_PREFIX")
    if prefix:
        pc = os.path.join(prefix, "lib", "pkgconfig")
        env["PKG_CONFIG_PATH"] = pc + (":" + env["PKG_CONFIG_PATH"] if env.get("PKG_CONFIG_PATH") else "")
    out = subprocess.run(["pkg-config", *args, "llama"], env=env, check=True, capture_output=True, text=True)
    return out.stdout.split()


def build_helper(workdir):
    src = os.path.join(workdir, "golden.c")
    exe = os.path.join(workdir, "golden")
    with open(src, "w") as f:
        f.write(HELPER_C)
    cc = os.environ.get("CC", "cc")
    flags = pkg_config("--cflags", "--libs")
    libdirs = [f[2:] for f in flags if f.startswith("-L")]
    rpath = [f"-Wl,-rpath,{d}" for d in libdirs]
    subprocess.run([cc, "-O1", "-std=c11", "-Wall", src, "-o", exe, *flags, *rpath], check=True)
    return exe


def run_helper(exe, model, cases):
    payload = bytearray()
    for text, special in cases:
        b = text.encode("utf-8")
        payload += f"{int(special)} {len(b)}\n".encode() + b
    proc = subprocess.run([exe, model], input=bytes(payload), capture_output=True, check=False)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr.decode("utf-8", "replace"))
        raise SystemExit(f"helper failed with exit code {proc.returncode}")
    lines = proc.stdout.decode("utf-8").split("\n")
    info = json.loads(lines[0])
    results = []
    for line in lines[1:1 + len(cases)]:
        parts = line.split(" ")
        results.append((parts[0] == "1", [int(p) for p in parts[1:]]))
    if len(results) != len(cases):
        raise SystemExit(f"helper returned {len(results)} results for {len(cases)} cases")
    return info, results


def bytes_to_unicode():
    """GPT-2's byte-level alphabet: byte -> the character that stands for it."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, map(chr, cs)))


# --------------------------------------------------------------------------
# case generation

WORDS = (
    "the a an of to and in is it that was for on are with as his they be at one have this from or had by "
    "hot word but what some we can out other were all there when up use your how said each she which do "
    "their time if will way about many then them write would like so these her long make thing see him two "
    "has look more day could go come did number sound no most people my over know water than call first who "
    "may down side been now find any new work part take get place made live where after back little only round "
    "man year came show every good me give our under name very through just form sentence great think say help "
    "low line differ turn cause much mean before move right boy old too same tell does set three want air well "
    "also play small end put home read hand port large spell add even land here must big high such follow act "
    "why ask men change went light kind off need house picture try us again animal point mother world near build "
    "self earth father head stand own page should country found answer school grow study still learn plant cover "
    "food sun four between state keep eye never last let thought city tree cross farm hard start might story saw "
    "far sea draw left late run don't while press close night real life few north open seem together next white "
    "children begin got walk example ease paper group always music those both mark often letter until mile river "
    "car feet care second book carry took science eat room friend began idea fish mountain stop once base hear "
    "horse cut sure watch color face wood main enough plain girl usual young ready above ever red list though feel "
    "talk bird soon body dog family direct pose leave song measure door product black short numeral class wind "
    "question happen complete ship area half rock order fire south problem piece told knew pass since top whole "
    "king space heard best hour better true during hundred five remember step early hold west ground interest reach "
    "fast verb sing listen six table travel less morning ten simple several vowel toward war lay against pattern "
    "slow center love person money serve appear road map rain rule govern pull cold notice voice unit power town "
    "fine certain fly fall lead cry dark machine note wait plan figure star box noun field rest correct able pound "
    "done beauty drive stood contain front teach week final gave green oh quick develop ocean warm free minute "
    "strong special mind behind clear tail produce fact street inch multiply nothing course stay wheel full force "
    "blue object decide surface deep moon island foot system busy test record boat common gold possible plane "
    "stead dry wonder laugh thousand ago ran check game shape equate miss brought heat snow tire bring yes distant "
    "fill east paint language among grand ball yet wave drop heart am present heavy dance engine position arm wide "
    "sail material size vary settle speak weight general ice matter circle pair include divide syllable felt "
    "perhaps pick sudden count square reason length represent art subject region energy hunt probable bed brother "
    "egg ride cell believe fraction forest sit race window store summer train sleep prove lone leg exercise wall "
    "catch mount wish sky board joy winter sat written wild instrument kept glass grass cow job edge sign visit "
    "past soft fun bright gas weather month million bear finish happy hope flower clothe strange gone jump baby "
    "eight village meet root buy raise solve metal whether push seven paragraph third shall held hair describe cook "
    "floor either result burn hill safe cat century consider type law bit coast copy phrase silent tall sand soil "
    "roll temperature finger industry value fight lie beat excite natural view sense ear else quite broke case "
    "middle kill son lake moment scale loud spring observe child straight consonant nation dictionary milk speed "
    "method organ pay age section dress cloud surprise quiet stone tiny climb cool design poor lot experiment "
    "bottom key iron single stick flat twenty skin smile crease hole trade melody trip office receive row mouth "
    "exact symbol die least trouble shout except wrote seed tone join suggest clean break lady yard rise bad blow "
    "oil blood touch grew cent mix team wire cost lost brown wear garden equal sent choose fell fit flow fair bank "
    "collect save control decimal gentle woman captain practice separate difficult doctor please protect noon "
    "whose locate ring character insect caught period indicate radio spoke atom human history effect electric "
    "expect crop modern element hit student corner party supply bone rail imagine provide agree thus capital "
    "chair danger fruit rich thick soldier process operate guess necessary sharp wing create neighbor wash bat "
    "rather crowd corn compare poem string bell depend meat rub tube famous dollar stream fear sight thin triangle "
    "planet hurry chief colony clock mine tie enter major fresh search send yellow gun allow print dead spot desert "
    "suit current lift rose continue block chart hat sell success company subtract event particular deal swim term "
    "opposite wife shoe shoulder spread arrange camp invent cotton born determine quart nine truck noise level "
    "chance gather shop stretch throw shine property column molecule select wrong gray repeat require broad "
    "prepare salt nose plural anger claim continent oxygen sugar death pretty skill women season solution magnet "
    "silver thank branch match suffix especially fig afraid huge sister steel discuss forward similar guide "
    "experience score apple bought led pitch coat mass card band rope slip win dream evening condition feed tool "
    "total basic smell valley nor double seat arrive master track parent shore division sheet substance favor "
    "connect post spend chord fat glad original share station dad bread charge proper bar offer segment slave duck "
    "instant market degree populate chick dear enemy reply drink occur support speech nature range steam motion "
    "path liquid log meant quotient teeth shell neck"
).split()

COFFEE = [
    "A washed Ethiopian Yirgacheffe with notes of jasmine, bergamot and lemon zest.",
    "Pull a 36 g double shot in 27–30 seconds at 93.5 °C, then taste for balance.",
    "The V60 pour-over uses a 1:16 ratio: 15 g coffee to 240 ml water.",
    "Our house espresso is a blend of Brazil Cerrado (60%) and Colombia Huila (40%).",
    "Flat white, cortado, macchiato, lungo, ristretto, doppio — which one is strongest?",
    "Natural-process Kenyan AA beans taste of blackcurrant & tomato.",
    "Grind size: medium-fine for AeroPress; coarse for French press & cold brew.",
    "Crema should be hazelnut-brown, not pale or blotchy.",
    "Decaf (Swiss Water Process) Sumatra Mandheling, dark roast, earthy & syrupy.",
    "Add 20ml of oat milk? No—make it a ristretto with steamed whole milk.",
    "Café au lait vs. caffè latte: the former uses brewed coffee, the latter espresso.",
    "Bloom for 45 s with 50 g water, then pour in three stages to 250 g total.",
    "Single-origin Geisha from Panama's Boquete region: floral, tea-like, delicate.",
    "The Moka pot (caffettiera) brews at ~1.5 bar, not the 9 bar of an espresso machine.",
    "Roast date: 2024-11-03. Best before: 2025-02-03. Lot #A17-0042.",
    "Extraction yield 19.5%, TDS 1.38%, brew ratio 1:2.2.",
    "I'd like a large iced vanilla latte with an extra shot, please!",
    "Cold brew steeps 12–18 hours at room temperature; dilute 1:1 before serving.",
    "Tasting notes: milk chocolate, toasted almond, red apple, brown sugar finish.",
    "Espresso con panna is espresso topped with whipped cream.",
    "The barista's tamping pressure doesn't matter as much as an even, level bed.",
    "Turkish coffee (Türk kahvesi) is boiled in a cezve and served unfiltered.",
    "Vietnamese cà phê sữa đá uses a phin filter and sweetened condensed milk.",
    "Kopi luwak is controversial; we don't sell it.",
    "Menu: Espresso €2.20 · Cappuccino €3.10 · Flat White €3.40 · Filter €2.80",
    "SCA cupping score: 87.25 — fragrance 8.25, flavor 8.5, aftertaste 8.0.",
    "Water: 80–150 ppm hardness, pH 7, no chlorine.",
    "Search for beans roasted in Oslo with notes of cherry and a light roast.",
    "Recommend three decaf options under $18 per 12 oz bag.",
    "Ristretto: a shorter, more concentrated espresso, about 15–20 ml.",
]

SWIFT = [
    "func greet(_ name: String) -> String {\n    return \"Hello, \\(name)!\"\n}\n",
    "let beans = try await store.search(query: \"ethiopia\", limit: 3)",
    "@Generable\nstruct Order {\n    @Guide(description: \"Size\") var size: Size\n    var shots: Int = 2\n}",
    "guard let url = URL(string: path) else { throw RistrettoError.invalidPath(path) }",
    "for (i, token) in tokens.enumerated() where token != eos {\n\tprint(i, token)\n}",
    "enum Roast: String, Codable, CaseIterable { case light, medium, dark }",
    "var cache: [String: [Int32]] = [:]\ncache[\"ab\", default: []].append(42)",
    "let x = a ?? b ?? 0x7FFF_FFFF; let y = x >> 3 &+ 1",
    "#if canImport(Glibc)\nimport Glibc\n#endif",
    "    }\n  }\n}",
]

PYTHON = [
    "def tokenize(text: str) -> list[int]:\n    return [ord(c) for c in text]\n",
    "if __name__ == \"__main__\":\n    main()",
    "import numpy as np\nx = np.arange(10)[::2] ** 2",
    "print(f\"{name!r:>10} {value:08.3f}\")",
    "class Bean:\n    def __init__(self, origin, roast='medium'):\n        self.origin = origin",
    "lambda x, *args, **kwargs: (x, args, kwargs)",
    "with open('beans.csv', newline='') as f:\n\tfor row in csv.reader(f): pass",
    "try:\n    1/0\nexcept ZeroDivisionError as e:\n    raise ValueError('bad') from e",
]

OTHER_CODE = [
    "SELECT origin, AVG(score) FROM beans WHERE roast = 'light' GROUP BY origin;",
    "#include <stdio.h>\nint main(void) { printf(\"%d\\n\", 42); return 0; }",
    "const f = async (x) => { await fetch(`/api/${x}`); };",
    "fn main() { let v: Vec<u8> = vec![1, 2, 3]; println!(\"{:?}\", v); }",
    "<div class=\"menu\"><span>Espresso</span></div>",
    "git commit -m \"Add tokenizer fixtures\" && git push origin main",
    "x := map[string]int{\"a\": 1}; for k, v := range x { fmt.Println(k, v) }",
    "$ cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build -j2",
    "a[i++] += *p-- != NULL ? 1 : 0; // weird",
    "/* block comment */ int x = 0b1010 | 0o17 ^ ~0xFF;",
    "# Heading\n\n- item one\n- item two\n\n```swift\nlet x = 1\n```",
    "key: value\nlist:\n  - 1\n  - 2\nnested:\n    deep: true",
]

JSON_SNIPPETS = [
    "{\"name\":\"Ristretto\",\"version\":\"1.0.0\",\"dependencies\":{}}",
    "[1, 2.5, -3e10, true, false, null, \"x\"]",
    "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {\"c\": null}\n}",
    "{\"escaped\":\"line\\nbreak \\\"quote\\\" \\u00e9 \\\\\"}",
    "{\"emoji\":\"☕️\",\"price\":3.5,\"tags\":[\"hot\",\"milk\"]}",
    "{}",
    "[]",
    "{\"\":\"\"}",
]

TOOLS = ["searchBeans", "getWeather", "placeOrder", "lookupStore", "recommendDrink", "brewTimer", "get_menu", "add_to_cart"]
ARG_KEYS = ["limit", "query", "origin", "roast", "size", "milk", "shots", "city", "maxPrice", "decaf", "notes", "id"]
ARG_STRINGS = ["ethiopia", "light", "oat", "Oslo", "large", "cherry notes", "São Paulo", "東京", "\u00e9spresso", "", "a \"quoted\" word", "line\nbreak"]

ENGLISH = [
    "Hello world",
    "Hello, world!",
    "The quick brown fox jumps over the lazy dog.",
    "I can't believe it's not butter.",
    "What's the weather like in San Francisco today?",
    "She said, \"It's fine.\" Then she left.",
    "To be, or not to be: that is the question.",
    "Mr. and Mrs. Smith arrived at 5 p.m. on Jan. 3rd.",
    "e.g., i.e., etc., vs., a.k.a.",
    "THIS IS ALL CAPS AND SHOULD TOKENIZE DIFFERENTLY",
    "camelCaseWordsAndPascalCaseWords and snake_case_words and kebab-case-words",
    "www.example.com/path?query=1&other=two#frag",
    "email me at someone@example.org, thanks",
    "It was the best of times, it was the worst of times.",
    "Once upon a time, there was a little coffee shop.",
    "You are a helpful AI assistant named SmolLM, trained by Hugging Face",
]

PUNCT_CHARS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
PUNCT_FIXED = [
    "...", "…", "!!!", "???", "?!", "!?", "---", "–", "—", "--", "***", "###", "```", "~~~", "<<<>>>", "(((", ")))",
    "[[", "]]", "{{", "}}", "{\"", "\"}", "\",\"", "\":", "\":\"", "\"},{\"", "}}}", "]}", "://", "==", "!=", "===",
    "->", "=>", "<=", ">=", "&&", "||", "::", ";;", "@@", "%%", "$$", "^^", "__", "__init__", "...!?", ". . .",
    "«»", "“quoted”", "‘single’", "¿Qué?", "¡Hola!", "§ 3.2 ¶ 4", "© ® ™", "° ± × ÷", "•", "·", "¶", "†‡",
]

EMOJI = [
    "☕", "☕️", "😀", "😂🤣", "👍", "👍🏽", "👍🏿", "❤️", "🔥🔥🔥", "🎉 party 🎉", "🇺🇸", "🇯🇵🇫🇷", "🏳️‍🌈", "👨‍👩‍👧‍👦",
    "👩‍💻", "🧑🏾‍🚀", "👁️‍🗨️", "🤷‍♀️", "🫖", "🫘", "1️⃣2️⃣3️⃣", "#️⃣", "©️", "✅ done", "⚠️ warning", "I ❤️ coffee",
    "Coffee ☕ + 🥐 = 😋", "🐱‍👤", "🧋🍵☕🫖", "😀😃😄😁😆😅", "a😀b", " 😀 ", "\U0001F600\U0001F3FB", "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
]

ACCENTED = [
    "café", "naïve", "Åland", "résumé", "façade", "jalapeño", "Zürich", "São Paulo", "coöperate", "Ærøskøbing",
    "Łódź", "Kraków", "Dvořák", "Malmö", "Reykjavík", "smörgåsbord", "crème brûlée", "piñata", "Sørensen",
    "Curaçao", "Besançon", "Ñandú", "ÉCOLE", "ÀÉÎÕÜ", "àéîõü", "straße", "STRASSE", "İstanbul", "ıi", "ǅ ǈ ǋ",
    "cafe\u0301 (decomposed)", "n\u0303", "A\u030a", "Ω≈ç√∫˜µ≤≥÷", "œuvre", "Æsir", "ðþ", "Þórr",
]

CJK = [
    "你好，世界！", "我喜欢喝咖啡。", "今天天气很好", "中华人民共和国", "東京タワー", "こんにちは", "カタカナとひらがな",
    "コーヒーを一杯ください。", "日本語の文章です。", "안녕하세요", "커피 한 잔 주세요", "한국어 텍스트", "漢字かな交じり文",
    "ｆｕｌｌｗｉｄｔｈ　ＡＢＣ　１２３", "半角ｶﾀｶﾅ", "「引用」『二重』", "一二三四五六七八九十", "𠀀𠀁𠀂", "龍龘",
    "中文English混合123", "拿铁 latte 拿鐵", "咖啡豆：埃塞俄比亚", "エスプレッソ、カプチーノ、ラテ",
]

OTHER_SCRIPTS = [
    "مرحبا بالعالم", "أريد فنجان قهوة", "القهوة العربية", "١٢٣٤٥٦٧٨٩٠", "שלום עולם", "קפה", "Привет, мир!",
    "Я люблю кофе.", "Москва — столица России.", "ЁЖИК в тумане", "Γειά σου Κόσμε", "καφές", "नमस्ते दुनिया",
    "कॉफ़ी", "สวัสดีครับ", "กาแฟ", "ሰላም", "Բարեւ", "გამარჯობა", "Xin chào thế giới", "Chào buổi sáng",
    "Türkçe kahve", "Ελληνικά και English", "Україна", "Беларусь", "Српски", "ا ب ت ث", "ـــــ", "ﷺ", "ﻻ",
]

SPECIAL_TEXTS = ["<|im_start|>", "<|im_end|>", "<|endoftext|>", "<file_sep>", "<repo_name>", "<filename>",
                 "<jupyter_code>", "<issue_start>", "<empty_output>", "<|im_start|>user\nHi<|im_end|>"]


def gen_numbers(rng):
    out = ["0", "1", "12", "123", "1234", "12345", "123456", "1234567", "12345678", "123456789", "1234567890",
           "3.14159", "-42", "1,000,000", "1.000.000,50", "0.5", ".5", "5.", "1e10", "1E-7", "6.022e23", "-0.0",
           "+1", "007", "0x1F", "0b1010", "100%", "$19.99", "€5", "¥1000", "£3.50", "12:30", "2024-01-15",
           "15/01/2024", "1/2", "3/4 cup", "1st 2nd 3rd 4th", "v1.2.3", "192.168.1.1", "+1 (555) 123-4567",
           "ISBN 978-3-16-148410-0", "3×4=12", "2^10 = 1024", "½ ¾ ⅓", "²³¹", "①②③", "Ⅻ", "٣", "१२३", "1 000 000",
           "9" * 20, "1" * 33, "2024年1月15日", "No. 5", "#1", "10k", "5km", "72°F", "-273.15°C"]
    for length in range(1, 26):
        out.append("".join(rng.choice("0123456789") for _ in range(length)))
    for _ in range(25):
        a = rng.randint(0, 10 ** rng.randint(1, 9))
        b = rng.randint(0, 10 ** rng.randint(1, 6))
        fmt = rng.choice(["{a}.{b}", "-{a}", "{a},{b:03d}", "{a} {b}", "({a})", "{a}-{b}", "x{a}y", "{a}px", "#{a}"])
        out.append(fmt.format(a=a, b=b))
    for _ in range(10):
        out.append(f"{rng.randint(1, 99999):,}")
    return out


def gen_whitespace(rng):
    out = [" ", "  ", "   ", "    ", " " * 8, " " * 17, "\t", "\t\t", "\n", "\n\n", "\n\n\n", "\r\n", "\r\n\r\n",
           " \n", "\n ", " \n ", "\t\n", "\n\t", "a b", "a  b", "a   b", "a\tb", "a\nb", "a\n\nb", "a \nb", "a\n b",
           " leading", "  two leading", "trailing ", "trailing  ", "both ", " both ", "\tindent", "line1\nline2\n",
           "para one.\n\npara two.", "   \n   \n", "word \t word", "\u00a0nbsp\u00a0", "thin\u2009space",
           "ideo\u3000space", "zero\u200bwidth", "\u2028line sep", "para\u2029sep", "\x0bvt\x0cff", "\r", "a\rb",
           "end with newline\n", "\n\nstart with newlines", "    def f():\n        return 1\n"]
    pieces = [" ", "  ", "\t", "\n", "\n\n", "\r\n", "word", "x", ".", "1"]
    for _ in range(25):
        out.append("".join(rng.choice(pieces) for _ in range(rng.randint(2, 8))))
    return out


def gen_contractions(rng):
    out = ["don't", "can't", "won't", "it's", "I'm", "you're", "we've", "they'll", "he'd", "she's", "that's",
           "IT'S", "DON'T", "I'M", "YOU'RE", "WE'VE", "THEY'LL", "HE'D", "John's", "JOHN'S", "the dog's bone",
           "'s", "'t", "'re", "'ve", "'m", "'ll", "'d", "'S", "'T", "'RE", "'VE", "'M", "'LL", "'D", "''", "'",
           "rock 'n' roll", "'90s", "y'all", "o'clock", "ma'am", "Ol' Man", "'quoted'", "it’s (curly)",
           "don’t", "I'd've", "'tis", "'twas", "s'more"]
    subj = ["I", "you", "we", "they", "he", "she", "it", "that", "there", "who"]
    suff = ["'s", "'t", "'re", "'ve", "'m", "'ll", "'d", "'S", "'LL", "'D"]
    for _ in range(15):
        w = rng.choice(subj)
        if rng.random() < 0.3:
            w = w.upper()
        out.append(f"{w}{rng.choice(suff)} {rng.choice(WORDS)}")
    return out


def gen_sentences(rng, n):
    out = []
    for _ in range(n):
        k = rng.randint(3, 18)
        words = [rng.choice(WORDS) for _ in range(k)]
        if rng.random() < 0.8:
            words[0] = words[0].capitalize()
        if rng.random() < 0.15:
            i = rng.randrange(k)
            words[i] = words[i].upper()
        s = " ".join(words)
        r = rng.random()
        if r < 0.2:
            i = rng.randrange(1, k) if k > 1 else 0
            s = " ".join(words[:i]) + ", " + " ".join(words[i:])
        s += rng.choice([".", ".", ".", "?", "!", "", "...", ":", ";"])
        out.append(s)
    return out


def gen_tool_calls(rng, n):
    out = [
        "{\"tool\":\"searchBeans\",\"arguments\":{\"limit\":3}}",
        "{\"tool\": \"searchBeans\", \"arguments\": {\"limit\": 3}}",
        "{\n  \"tool\": \"searchBeans\",\n  \"arguments\": {\n    \"limit\": 3\n  }\n}",
        "<tool_call>\n{\"name\": \"searchBeans\", \"arguments\": {\"query\": \"kenya\"}}\n</tool_call>",
    ]
    for _ in range(n - len(out)):
        args = {}
        for key in rng.sample(ARG_KEYS, rng.randint(0, 4)):
            kind = rng.random()
            if kind < 0.35:
                args[key] = rng.randint(0, 10 ** rng.randint(0, 4))
            elif kind < 0.7:
                args[key] = rng.choice(ARG_STRINGS)
            elif kind < 0.8:
                args[key] = rng.choice([True, False, None])
            elif kind < 0.9:
                args[key] = round(rng.uniform(0, 100), rng.randint(1, 3))
            else:
                args[key] = [rng.choice(ARG_STRINGS) for _ in range(rng.randint(0, 3))]
        style = rng.random()
        obj = {"tool": rng.choice(TOOLS), "arguments": args}
        if style < 0.4:
            out.append(json.dumps(obj, separators=(",", ":"), ensure_ascii=False))
        elif style < 0.7:
            out.append(json.dumps(obj, ensure_ascii=False))
        elif style < 0.85:
            out.append(json.dumps(obj, indent=2, ensure_ascii=rng.random() < 0.5))
        else:
            # a prefix, as a model would have emitted it so far
            full = json.dumps(obj, separators=(",", ":"), ensure_ascii=False)
            out.append(full[: rng.randint(1, len(full))])
    return out


def gen_mixed(rng, n):
    pools = [WORDS, [w for s in CJK for w in [s]], OTHER_SCRIPTS, ACCENTED, EMOJI, gen_numbers(random.Random(1))]
    out = ["Hello 世界 مرحبا Мир 🌍", "café ☕ 咖啡 кофе قهوة", "Tokyo東京Tokyo", "abc123def456", "x²+y²=z²",
           "Ωmega αlpha", "naïve café résumé 😀", "日本 Japan ⛩️ 2024"]
    for _ in range(n - len(out)):
        parts = [rng.choice(rng.choice(pools)) for _ in range(rng.randint(2, 6))]
        sep = rng.choice([" ", "", ", ", "\n", " - ", "/"])
        out.append(sep.join(parts))
    return out


def random_unicode_char(rng):
    r = rng.random()
    if r < 0.25:
        return chr(rng.randint(0x20, 0x7E))
    if r < 0.35:
        return chr(rng.randint(0x01, 0x1F))
    if r < 0.55:
        return chr(rng.randint(0x80, 0x7FF))
    if r < 0.75:
        while True:
            cp = rng.randint(0x800, 0xFFFD)
            if not 0xD800 <= cp <= 0xDFFF:
                return chr(cp)
    if r < 0.85:
        return chr(rng.choice([0x300, 0x301, 0x308, 0x200D, 0xFE0F, 0x200B, 0xFEFF, 0xFFFD, 0x2028, 0x85, 0xAD]))
    if r < 0.93:
        return chr(rng.randint(0x10000, 0x1FAFF))
    return chr(rng.randint(0x20000, 0x10FFFF) if rng.random() < 0.5 else rng.randint(0xE000, 0xF8FF))


def gen_random_unicode(rng, n):
    return ["".join(random_unicode_char(rng) for _ in range(rng.randint(1, 24))) for _ in range(n)]


def gen_random_ascii(rng, n):
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" + PUNCT_CHARS + " \t\n"
    return ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40))) for _ in range(n)]


def gen_punct(rng):
    out = list(PUNCT_CHARS) + PUNCT_FIXED
    for _ in range(30):
        out.append("".join(rng.choice(PUNCT_CHARS) for _ in range(rng.randint(2, 12))))
    for _ in range(15):
        out.append(rng.choice(WORDS) + "".join(rng.choice(PUNCT_CHARS) for _ in range(rng.randint(1, 4)))
                   + rng.choice(["", " ", "\n"]) + rng.choice(WORDS))
    return out


def gen_coffee(rng, n):
    out = list(COFFEE)
    origins = ["Ethiopia", "Kenya", "Colombia", "Brazil", "Guatemala", "Costa Rica", "Sumatra", "Yemen", "Rwanda", "Panamá"]
    notes = ["blueberry", "jasmine", "dark chocolate", "caramel", "citrus", "stone fruit", "honey", "tobacco", "cherry"]
    drinks = ["espresso", "cappuccino", "flat white", "cortado", "latte", "americano", "ristretto", "mocha", "macchiato"]
    for _ in range(n - len(out)):
        t = rng.random()
        if t < 0.33:
            out.append(f"{rng.choice(origins)} {rng.choice(['washed', 'natural', 'honey'])} — notes of "
                       f"{rng.choice(notes)}, {rng.choice(notes)} and {rng.choice(notes)}.")
        elif t < 0.66:
            out.append(f"Can I get a {rng.choice(['small', 'medium', 'large', 'double'])} {rng.choice(drinks)} with "
                       f"{rng.choice(['oat', 'almond', 'whole', 'skim', 'soy'])} milk{rng.choice(['?', ', please.', '!', ''])}")
        else:
            out.append(f"Brew {rng.randint(10, 30)} g at {rng.randint(88, 96)}°C for {rng.randint(2, 4)}:{rng.randint(0, 59):02d}"
                       f" ({rng.choice(drinks)}, ratio 1:{rng.randint(2, 17)})")
    return out


def gen_single_chars():
    out = [chr(c) for c in range(0x21, 0x7F)]
    out += ["", "a", "A", "Z", "é", "ß", "中", "😀", "\u00ff", "\u0100", "\u07ff", "\u0800", "\uffff", "\U00010000",
            "\U0010ffff", "\x7f", "\x01", "\x1b[31mred\x1b[0m"]
    return out


def gen_special_cases(rng):
    """ChatML strings tokenized with parse_special = true."""
    systems = ["You are a helpful AI assistant named SmolLM, trained by Hugging Face",
               "You are Moka, a coffee shop assistant. Answer briefly.",
               "Respond only with JSON.", ""]
    users = ["Hi!", "What's a ristretto?", "Recommend a light roast from Ethiopia.", "2+2=?", "café? ☕",
             "Find 3 beans under $15", "Tell me a joke about espresso.", "こんにちは", "  spaced  ", "line1\nline2"]
    assistants = ["Hello! How can I help?", "A ristretto is a short espresso shot.",
                  "{\"tool\":\"searchBeans\",\"arguments\":{\"limit\":3}}", "Sure.", "4"]
    out = [
        "<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n",
        "<|im_start|>user\nHello<|im_end|>\n<|im_start|>assistant\n",
        "<|im_start|>assistant\n",
        "<|im_start|>", "<|im_end|>", "<|endoftext|>", "<|im_end|>\n", "<|im_start|><|im_end|>",
        "<|im_start|> user", " <|im_start|>user", "text<|im_end|>", "text <|im_end|> text", "<|im_end|><|endoftext|>",
        "<|im_start|>user\n<|im_start|>nested<|im_end|>\n<|im_end|>", "<|im_start", "im_start|>", "<|IM_START|>",
        "<|im_start|>user\n<file_sep>code<filename>a.py<|im_end|>", "<repo_name>ristretto<file_sep>Package.swift",
        "<jupyter_code>print(1)<jupyter_output>1<empty_output>", "no special tokens here", "",
        "<|endoftext|><|endoftext|><|endoftext|>", "<<|im_start|>>", "<|im_start|>\n\n<|im_end|>",
    ]
    while len(out) < 55:
        turns = []
        if rng.random() < 0.6:
            turns.append(("system", rng.choice(systems)))
        for _ in range(rng.randint(1, 3)):
            turns.append(("user", rng.choice(users)))
            if rng.random() < 0.7:
                turns.append(("assistant", rng.choice(assistants)))
        s = "".join(f"<|im_start|>{role}\n{content}<|im_end|>\n" for role, content in turns)
        if rng.random() < 0.6:
            s += "<|im_start|>assistant\n"
        out.append(s)
    return out


def generate_cases(seed):
    rng = random.Random(seed)
    plain = []
    plain += ENGLISH
    plain += gen_sentences(rng, 170)
    plain += gen_punct(rng)
    plain += gen_numbers(rng)
    plain += gen_whitespace(rng)
    plain += gen_contractions(rng)
    plain += EMOJI
    plain += ACCENTED
    plain += CJK
    plain += OTHER_SCRIPTS
    plain += SWIFT + PYTHON + OTHER_CODE + JSON_SNIPPETS
    plain += gen_tool_calls(rng, 90)
    plain += gen_coffee(rng, 80)
    plain += gen_mixed(rng, 70)
    plain += gen_random_unicode(rng, 110)
    plain += gen_random_ascii(rng, 60)
    plain += gen_single_chars()
    plain += SPECIAL_TEXTS  # special-token text treated as plain text
    # whitespace/case variants of a sample of everything above
    variants = []
    for s in rng.sample(plain, 120):
        v = rng.choice([" " + s, s + " ", "\n" + s, s + "\n", "  " + s, s.upper(), s.lower(), s + s])
        variants.append(v)
    plain += variants

    cases, seen = [], set()
    for text in plain:
        if (text, False) not in seen:
            seen.add((text, False))
            cases.append((text, False))
    for text in gen_special_cases(rng):
        if (text, True) not in seen:
            seen.add((text, True))
            cases.append((text, True))
    return cases


# --------------------------------------------------------------------------
# Gemma 3 (SentencePiece) cases

GEMMA_SPECIAL_TEXTS = [
    "<start_of_turn>", "<end_of_turn>", "<bos>", "<eos>", "<pad>", "<unk>", "<mask>", "[multimodal]",
    "<unused0>", "<unused1>", "<unused42>", "<unused98>", "<unused99>", "<unused6241>", "<unused6242>",
    "<start_of_image>", "<end_of_image>", "</s>", "<s>", "<b>", "</b>", "<b>bold</b>", "<i>it</i>",
    "<table><tr><td>1</td></tr></table>", "<h1>Title</h1>", "<code>x = 1</code>", "<blockquote>q</blockquote>",
    "<div><span>a</span></div>", "<a>link</a>", "<img>", "<bbox>", "<0x41>", "<0x0A>", "<0xFF>", "<0x00>", "<0x>",
    "<0x4", "<start_of_turn", "start_of_turn>", "<START_OF_TURN>", "< start_of_turn >", "<<start_of_turn>>",
    "<start_of_turn><end_of_turn>", "<end_of_turn><eos>", "<bos><bos>", "<start_of_turn>user\nHi<end_of_turn>\n",
    "<start_of_turn>model\n", "\u2581", "\u2581\u2581", "a\u2581b", "\u2581hello", "[multimodal][multimodal]",
]

GEMMA_SYSTEMS = ["You are Moka, a coffee shop assistant. Answer briefly.", "Respond only with JSON.", ""]
GEMMA_USERS = ["Hi!", "What's a ristretto?", "Recommend a light roast from Ethiopia.", "2+2=?", "café? ☕",
               "Find 3 beans under $15", "Tell me a joke about espresso.", "こんにちは", "  spaced  ", "line1\nline2",
               "write <b>bold</b> html", "tabs\tand\t\ttabs", "<start_of_turn> in content", "x\n\n\ny"]
GEMMA_MODELS = ["Hello! How can I help?", "A ristretto is a short espresso shot.",
                "{\"tool\":\"searchBeans\",\"arguments\":{\"limit\":3}}", "Sure.", "4",
                "```json\n{\n  \"a\": 1\n}\n```", "- one\n- two\n\n1. three"]


def gen_gemma_turns(rng, n):
    """Gemma chat markup, tokenized with parse_special = true."""
    out = []
    while len(out) < n:
        turns = []
        for _ in range(rng.randint(1, 3)):
            user = rng.choice(GEMMA_USERS)
            if not turns and rng.random() < 0.5:
                system = rng.choice(GEMMA_SYSTEMS)
                user = (system + "\n\n" + user) if system else user
            turns.append(("user", user))
            if rng.random() < 0.7:
                turns.append(("model", rng.choice(GEMMA_MODELS)))
        s = "".join(f"<start_of_turn>{role}\n{content}<end_of_turn>\n" for role, content in turns)
        if rng.random() < 0.6:
            s += "<start_of_turn>model\n"
        if rng.random() < 0.4:
            s = "<bos>" + s
        out.append(s)
    return out


def gen_embedded_specials(rng, n):
    """Sentences with special and user-defined token texts inside words, between words, in runs."""
    out = []
    for _ in range(n):
        words = [rng.choice(WORDS) for _ in range(rng.randint(2, 10))]
        for _ in range(rng.randint(1, 3)):
            token = rng.choice(GEMMA_SPECIAL_TEXTS[:20] + ["\n", "\n\n", "  ", "\t", "   ", "<b>", "</b>"])
            i = rng.randrange(len(words) + 1)
            glue = rng.choice(["", " ", "\n", "  "])
            words.insert(i, glue + token + glue if rng.random() < 0.5 else token)
        out.append(rng.choice([" ", " ", "", "\n"]).join(words))
    return out


def gen_whitespace_runs(rng):
    out = []
    for ch in [" ", "\n", "\t", "\r\n", "\u00a0", "\u3000", "\u2581"]:
        for k in list(range(1, 12)) + [15, 16, 17, 29, 30, 31, 32, 33, 40, 62, 63, 64, 65, 70, 100]:
            out.append(ch * k)
    for k in range(1, 36):
        out.append("a" + " " * k + "b")
        out.append("x" + "\n" * k + "y")
    for k in [1, 2, 3, 5, 8, 13, 31, 32, 45]:
        out.append(" " * k + "lead")
        out.append("trail" + " " * k)
        out.append("\t" * k + "tab")
        out.append("word" + "\n" * k)
    pieces = [" ", "  ", "   ", "\t", "\t\t", "\n", "\n\n", "\r\n", " \n", "\n ", "\t\n", "word", "x", ".", "1", "é", "中"]
    for _ in range(60):
        out.append("".join(rng.choice(pieces) for _ in range(rng.randint(2, 14))))
    return out


def gen_long_numbers(rng):
    out = ["1" * k for k in (40, 64, 100)] + ["9" * 50, "1234567890" * 6, "0" * 33, "3.14159265358979323846264338327950288",
                                              "2" * 7 + " " + "3" * 7, "1,234,567,890,123,456", "-1.5e-308", "0x" + "f" * 32]
    for _ in range(30):
        out.append("".join(rng.choice("0123456789") for _ in range(rng.randint(26, 80))))
    for _ in range(20):
        sep = rng.choice([",", ".", " ", "_", "'", ""])
        out.append(sep.join(str(rng.randint(0, 999)).zfill(3) for _ in range(rng.randint(2, 8))))
    return out


def moka_texts(rng):
    """Every string (keys and values) of the moka fixtures, the fixture files themselves, and questions."""
    moka = os.path.join(REPO, "Fixtures", "moka")

    def strings(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for key, item in value.items():
                yield key
                yield from strings(item)
        elif isinstance(value, list):
            for item in value:
                yield from strings(item)

    out, seen = [], set()
    for name in ("beans.json", "cafes.json", "cupboard.json"):
        with open(os.path.join(moka, name), encoding="utf-8") as f:
            raw = f.read()
        out.append(raw)
        for text in strings(json.loads(raw)):
            if text not in seen:
                seen.add(text)
                out.append(text)
    questions = []
    for name in sorted(os.listdir(moka)):
        if name.endswith(".jsonl"):
            with open(os.path.join(moka, name), encoding="utf-8") as f:
                questions += [json.loads(line)["q"] for line in f if line.strip()]
    out += rng.sample(sorted(set(questions)), 80)
    return out


def generate_gemma_cases(seed):
    rng = random.Random(seed)
    plain = []
    plain += ENGLISH
    plain += gen_sentences(rng, 100)
    plain += gen_punct(rng)
    plain += gen_numbers(rng)
    plain += gen_long_numbers(rng)
    plain += gen_whitespace(rng)
    plain += gen_whitespace_runs(rng)
    plain += gen_contractions(rng)
    plain += EMOJI
    plain += ACCENTED
    plain += CJK
    plain += OTHER_SCRIPTS
    plain += SWIFT + PYTHON + OTHER_CODE + JSON_SNIPPETS
    plain += gen_tool_calls(rng, 50)
    plain += gen_coffee(rng, 40)
    plain += gen_mixed(rng, 50)
    plain += gen_random_unicode(rng, 80)
    plain += gen_random_ascii(rng, 40)
    plain += gen_single_chars()
    plain += moka_texts(rng)
    plain += SPECIAL_TEXTS  # ChatML markers are ordinary text for Gemma
    embedded = gen_embedded_specials(rng, 80)
    turns = gen_gemma_turns(rng, 60)
    plain += GEMMA_SPECIAL_TEXTS + embedded + turns  # special texts as plain text
    variants = []
    for s in rng.sample(plain, 100):
        variants.append(rng.choice([" " + s, s + " ", "\n" + s, s + "\n", "  " + s, s.upper(), s.lower(), s + s]))
    plain += variants

    special = GEMMA_SPECIAL_TEXTS + embedded + turns + rng.sample(plain, 60)
    cases, seen = [], set()
    for flag, texts in ((False, plain), (True, special)):
        for text in texts:
            if (text, flag) not in seen:
                seen.add((text, flag))
                cases.append((text, flag))
    return cases


def model_family(path):
    """"gemma3" for a Gemma 3 model, else "smollm2" (read from general.architecture with the
    GGUF reader of scripts/extract-tokenizer.py)."""
    import importlib.util
    sys.dont_write_bytecode = True  # no scripts/__pycache__ left behind
    reader = os.path.join(os.path.dirname(os.path.abspath(__file__)), "extract-tokenizer.py")
    spec = importlib.util.spec_from_file_location("extract_tokenizer", reader)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    _, kv, _ = module.read_gguf_metadata(path)
    return "gemma3" if kv.get("general.architecture") == "gemma3" else "smollm2"


# --------------------------------------------------------------------------


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("model", nargs="?", default=os.environ.get("RISTRETTO_MODEL", DEFAULT_MODEL))
    ap.add_argument("-o", "--out", help="default: the family's file under Fixtures/tokenizers")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--family", choices=["smollm2", "gemma3"], help="default: from the model's architecture")
    args = ap.parse_args(argv)

    if not os.path.isfile(args.model):
        raise SystemExit(f"model not found: {args.model} (run scripts/install-llama.sh)")
    family = args.family or model_family(args.model)
    if args.out is None:
        args.out = GEMMA3_OUT if family == "gemma3" else DEFAULT_OUT
    cases = generate_gemma_cases(args.seed) if family == "gemma3" else generate_cases(args.seed)
    workdir = tempfile.mkdtemp(prefix="ristretto-golden-")
    try:
        exe = build_helper(workdir)
        info, results = run_helper(exe, args.model, cases)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    tmp = args.out + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        for (text, special), (_, ids) in zip(cases, results):
            f.write(json.dumps({"text": text, "special": special, "ids": ids},
                               ensure_ascii=False, separators=(",", ":")))
            f.write("\n")
    os.replace(tmp, args.out)

    n_plain = sum(1 for _, s in cases if not s)
    n_special = len(cases) - n_plain
    n_ids = sum(len(ids) for _, ids in results)
    not_roundtrip = [(t, s) for (t, s), (ok, _) in zip(cases, results) if not ok]
    if family == "gemma3":
        return report_sentencepiece(args.out, cases, results, info, not_roundtrip)
    byte_char = bytes_to_unicode()
    single = set(info["single"])
    missing = [b for b in range(256) if byte_char[b] not in single]
    unexplained = [(t, s) for t, s in not_roundtrip if not any(b in missing for b in t.encode("utf-8"))]
    print(f"wrote {args.out}: {len(cases)} cases ({n_plain} plain, {n_special} parse_special), "
          f"{n_ids} ids, {os.path.getsize(args.out):,} bytes")
    print("vocab: " + json.dumps({k: v for k, v in info.items() if k not in ("special", "single")}))
    print("bytes with no byte-level token (llama.cpp drops them silently): "
          + " ".join(f"0x{b:02x}" for b in missing))
    print("non-normal tokens (id, attr, eog, text):")
    for t in info["special"]:
        print(f"  {t['id']:>6} attr={t['attr']:<4} eog={str(t['eog']).lower():<5} {t['text']!r}")
    print(f"cases whose detokenization differs from the input: {len(not_roundtrip)} "
          f"({len(not_roundtrip) - len(unexplained)} of them contain a byte that has no token)")
    for t, s in unexplained[:20]:
        print(f"  unexplained: special={s} {t!r}")
    if unexplained:
        print("error: some cases do not round-trip for an unknown reason", file=sys.stderr)
        return 1
    return 0


def report_sentencepiece(out, cases, results, info, not_roundtrip):
    n_special = sum(1 for _, s in cases if s)
    print(f"wrote {out}: {len(cases)} cases ({len(cases) - n_special} plain, {n_special} parse_special), "
          f"{sum(len(ids) for _, ids in results)} ids, {os.path.getsize(out):,} bytes")
    print("vocab: " + json.dumps({k: v for k, v in info.items() if k not in ("special", "single")}))
    specials = [t for t in info["special"] if t["attr"] != 32]  # all but the <0xXX> byte tokens
    by_attr = {}
    for t in specials:
        by_attr.setdefault(t["attr"], []).append(t)
    print("non-normal tokens by attribute (1 unknown, 2 unused, 8 control, 16 user-defined, 32 byte):")
    for attr, tokens in sorted(by_attr.items()):
        sample = ", ".join(f"{t['id']} {t['text']!r}" for t in tokens[:6])
        print(f"  attr={attr:<3} {len(tokens):>5} tokens: {sample}{', ...' if len(tokens) > 6 else ''}")
    print("end of generation: " + ", ".join(f"{t['id']} {t['text']!r}" for t in specials if t["eog"]))
    # Detokenized without special tokens shown, a case only fails to round-trip when a control token
    # came out, or when the text holds U+2581, the character SentencePiece writes for a space.
    control = {t["id"] for t in specials if t["attr"] & 9}
    unexplained = [(t, s) for (t, s), (ok, ids) in zip(cases, results)
                   if not ok and not control.intersection(ids) and "\u2581" not in t]
    print(f"cases whose detokenization differs from the input: {len(not_roundtrip)} "
          f"({len(not_roundtrip) - len(unexplained)} of them hold a control token or U+2581)")
    for t, s in unexplained[:20]:
        print(f"  unexplained: special={s} {t!r}")
    if unexplained:
        print("error: some cases do not round-trip for an unknown reason", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
