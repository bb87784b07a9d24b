import Foundation

/// `moka-bench SUITE [--json PATH] [--svg DIR] [--quick] [--set dev|holdout|all] [--model PATH]...`
struct BenchOptions {
  var suite = ""
  var jsonPath: String?
  var svgDirectory: String?
  var quick = false
  var set = "all"
  /// Whether `--set` was given (all: routing asks only the dev set unless it was).
  var setWasGiven = false
  /// Every `--model` given, in order.
  var modelPaths: [String] = []
  /// The first `--model` (the suites that run one model).
  var modelPath: String? { modelPaths.first }
  /// models: ask only the first N dev questions.
  var limit: Int?
  /// answers: `rules` (default) or `llama` (the rules, then each installed GGUF model).
  var backend = "rules"
  /// all: the directory for every suite's JSON and charts.
  var outDirectory: String?
  /// decode, answers: CPU threads for llama.cpp (nil: the backend's default).
  var threads: Int?
  /// answers: CPU threads for llama.cpp's prefill (nil: the backend's default).
  var promptThreads: Int?
  /// guidance: run llguidance and XGrammar beside Ristretto (scripts/guidance_anchors.py).
  var anchors = false

  static let usage = """
    Usage: swift run -c release moka-bench SUITE [--json PATH] [options]

    Suites:
      guidance   per-token mask time, cold (fresh grammar, nothing cached) and warm (cached), over a
                 schema suite on SmolLM2's vocabulary and on each GGUF model's (--model, $RISTRETTO_MODEL,
                 $RISTRETTO_GEMMA_MODEL); with --anchors, beside llguidance and XGrammar on each GGUF model's
                 vocabulary (installed from PyPI into a cached virtual environment by scripts/guidance_anchors.py)
      routing    routing accuracy: leave-one-set-out on the training sets, then the blind set (--set NAME|all)
      answers    answer quality on the answer sets (dev, blind…blind24 and real3 tuned on; blind25, real1, real2, real4, real5 held out): route, first
                 tool and arguments, required and forbidden facts (--set NAME|all, --backend rules|learned|llama)
      budget     tool renderer costs: compact vs jsonSchema per tool, overhead ratios
      inputs     time against question size (1k-100k characters): token count, rules, session, chat turn;
                 then a 2,000-turn conversation and data files of 1k-100k entries (load, memory, first answer)
      data       the data-file stage of inputs alone
      decode     llama.cpp decode speed, guided vs unguided vs a plain C loop (needs --traits Llama)
      models     every installed GGUF: golden tokenizer, exact counts, decode speeds, marker text (needs --traits Llama)
      all        every suite this build can run (--out DIR: DIR/<suite>.json and the SVG charts); routing
                 asks the dev set only unless --set is given, models the first 8 questions unless --limit is

    Options:
      --json PATH   also write the results as JSON
      --svg DIR     also draw the results as SVG charts in DIR (guidance, budget, routing, decode)
      --out DIR     all: write DIR/<suite>.json and the charts
      --quick       fewer iterations (for CI smoke runs)
      --anchors     guidance: llguidance and XGrammar side by side on the same vocabulary, schemas and tokens
      --model PATH  GGUF model (default $RISTRETTO_MODEL); guidance takes it more than once
      --limit N     models: ask only the first N dev questions; answers: the first N cases of each set
      --backend B   answers: rules (default), learned (also the rules with routing, tool choice and
                    arguments learned from the tuning sets) or llama (also every installed GGUF model)
      --threads N   decode, answers: llama.cpp threads (default: the backend's)
      --prompt-threads N
                    answers: llama.cpp prefill threads (default: the backend's)
    """

  static func parse(_ arguments: [String]) -> BenchOptions? {
    var options = BenchOptions()
    var rest = arguments[...]
    guard let suite = rest.popFirst(), !suite.hasPrefix("-") else { return nil }
    options.suite = suite
    while let argument = rest.popFirst() {
      switch argument {
      case "--json": options.jsonPath = rest.popFirst()
      case "--quick": options.quick = true
      case "--anchors": options.anchors = true
      case "--set":
        options.set = rest.popFirst() ?? "all"
        options.setWasGiven = true
      case "--svg": options.svgDirectory = rest.popFirst()
      case "--model": if let path = rest.popFirst() { options.modelPaths.append(path) }
      case "--limit": options.limit = rest.popFirst().flatMap(Int.init)
      case "--out": options.outDirectory = rest.popFirst()
      case "--backend": options.backend = rest.popFirst() ?? "rules"
      case "--threads": options.threads = rest.popFirst().flatMap(Int.init)
      case "--prompt-threads": options.promptThreads = rest.popFirst().flatMap(Int.init)
      default: return nil
      }
    }
    return options
  }
}

/// Percentiles of a sample.
struct Percentiles {
  let p50, p99, max, mean: Double

  init(_ values: [Double]) {
    let sorted = values.sorted()
    func at(_ q: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * q))] }
    p50 = at(0.5)
    p99 = at(0.99)
    max = sorted.last ?? 0
    mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
  }
}

/// Writes `object` as JSON to `path` (if given) and says so.
func writeJSON(_ object: [String: Any], to path: String?) throws {
  guard let path else { return }
  let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
  try data.write(to: URL(fileURLWithPath: path))
  print("wrote \(path)")
}

/// Microseconds elapsed while running `body`.
func micros(_ body: () -> Void) -> Double {
  let start = ContinuousClock.now
  body()
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
}
