import Foundation

/// The guidance suite's charts: mask latency, cold and warm, per vocabulary; and what each
/// vocabulary's trie costs to build.
enum GuidanceCharts {
  static func write(_ results: [GuidanceBench.Measurement], to directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let latency = SVGChart(
      title: "Token mask latency per token, cold and warm (and llama.cpp's grammar sampler)",
      subtitle: "cold: fresh grammar and mask computer, nothing cached; warm: grammar and mask caches; llama.cpp: GBNF sampler",
      unit: "µs per mask", scale: .logarithmic,
      groups: results.map { result in
        .init(
          label: "\(result.name), \(result.vocabularySize) tokens",
          rows: [
            .init(series: "cold", value: .distribution(result.cold)), .init(series: "warm", value: .distribution(result.warm)),
          ] + (result.llamaCpp.isEmpty ? [] : [.init(series: "llama.cpp grammar", value: .distribution(result.llamaCpp))]))
      })
    let trie = SVGChart(
      title: "Token trie and classes, built once per vocabulary", unit: "milliseconds",
      groups: results.map { result in
        .init(
          label: "\(result.name), \(result.vocabularySize) tokens, \(result.trieBytes >> 20) MB",
          rows: [.init(series: "build", value: .number(result.trieMillis))])
      })
    for (name, chart) in [("guidance-latency.svg", latency), ("guidance-trie.svg", trie)] {
      let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
      try chart.write(to: path)
      print("wrote \(path)")
    }
  }
}
