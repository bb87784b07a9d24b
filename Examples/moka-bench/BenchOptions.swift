import Foundation

/// `moka-bench SUITE [--json PATH] [--quick] [--set dev|holdout|all] [--model PATH]`
struct BenchOptions {
  var suite = ""
  var jsonPath: String?
  var quick = false
  var set = "all"
  var modelPath: String?
  var limit: Int?

  static let usage = """
    Usage: swift run -c release moka-bench SUITE [--json PATH] [options]

    Suites:
      guidance   per-token mask time on SmolLM2's 49,152-token vocabulary over a schema suite
      routing    routing accuracy on the labelled dev and holdout sets (--set dev|holdout|all)
      budget     tool renderer costs: compact vs jsonSchema per tool, overhead ratios
      decode     llama.cpp decode speed, guided vs unguided vs a plain C loop (needs --traits Llama)
      models     every installed GGUF: golden tokenizer, exact counts, decode speeds, marker text (needs --traits Llama)

    Options:
      --json PATH   also write the results as JSON
      --quick       fewer iterations (for CI smoke runs)
      --model PATH  GGUF model for the decode suite (default $RISTRETTO_MODEL)
      --limit N     models: ask only the first N dev questions
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
      case "--set": options.set = rest.popFirst() ?? "all"
      case "--model": options.modelPath = rest.popFirst()
      case "--limit": options.limit = rest.popFirst().flatMap(Int.init)
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
