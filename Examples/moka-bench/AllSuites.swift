import Foundation

/// `moka-bench all --out DIR`: every suite this build can run, each writing `DIR/<suite>.json`,
/// and the charts (mask latency, token budget, routing accuracy, decode speed) in `DIR`.
///
/// Routing asks only the dev set unless `--set` is given, and models only the first 8 dev
/// questions unless `--limit` is, so the whole run stays within minutes. Output is flushed after
/// every suite.
enum AllSuites {
  static func run(_ options: BenchOptions) async throws {
    let directory = options.outDirectory ?? "bench-results"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    func suiteOptions(_ suite: String) -> BenchOptions {
      var copy = options
      copy.suite = suite
      copy.jsonPath = URL(fileURLWithPath: directory).appendingPathComponent("\(suite).json").path
      copy.svgDirectory = directory
      if suite == "models" { copy.limit = options.limit ?? 8 }
      // Every llama strategy over all six labelled sets takes tens of minutes on two cores.
      if suite == "routing", !options.setWasGiven { copy.set = "dev" }
      return copy
    }
    var suites = ["guidance", "budget", "routing", "inputs"]
    #if Llama
      suites += ["decode", "models"]
    #endif
    for suite in suites {
      print("== \(suite)")
      let start = ContinuousClock.now
      switch suite {
      case "guidance": try GuidanceBench.run(suiteOptions(suite))
      case "budget": try BudgetBench.run(suiteOptions(suite))
      case "routing": try await RoutingBench.run(suiteOptions(suite))
      case "inputs": try await InputSizeBench.run(suiteOptions(suite))
      case "decode": try await DecodeBench.run(suiteOptions(suite))
      default: try await ModelsSuite.run(suiteOptions(suite))
      }
      print("== \(suite) took \(ContinuousClock.now - start)\n")
      fflush(nil)
    }
  }
}
