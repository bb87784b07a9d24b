import Foundation

/// The charts of the budget, routing, decode and inputs suites (the guidance suite has ``GuidanceCharts``).
enum BenchCharts {
  /// Instruction and tool tokens in each specialty's system prompt.
  static func budget(_ rows: [[String: Any]], to directory: String) throws {
    try write(
      SVGChart(
        title: "Token budget per specialty", subtitle: "system prompt tokens (SmolLM2 tokenizer): instructions vs tools",
        unit: "tokens",
        groups: rows.map { row in
          .init(
            label: row["name"] as? String ?? "",
            rows: [
              .init(series: "instructions", value: .number(Double(row["instructionTokens"] as? Int ?? 0))),
              .init(series: "tools", value: .number(Double(row["toolTokens"] as? Int ?? 0))),
            ])
        }), name: "budget-specialties.svg", in: directory)
  }

  /// Acceptable answers per strategy, one bar per labelled set.
  static func routing(_ results: [[String: Any]], to directory: String) throws {
    var strategies: [String] = []
    for result in results {
      if let name = result["strategy"] as? String, !strategies.contains(name) { strategies.append(name) }
    }
    try write(
      SVGChart(
        title: "Routing accuracy per strategy", subtitle: "share of questions routed acceptably, per labelled set",
        unit: "% acceptable",
        groups: strategies.map { strategy in
          .init(
            label: strategy,
            rows: results.filter { $0["strategy"] as? String == strategy }.map { result in
              .init(series: result["set"] as? String ?? "", value: .number((result["acceptable"] as? Double ?? 0) * 100))
            })
        }), name: "routing-accuracy.svg", in: directory)
  }

  /// Decode tokens per second per model: the plain C loop, unguided and guided.
  static func decode(_ rows: [[String: Any]], to directory: String) throws {
    try write(
      SVGChart(
        title: "Decode speed per model",
        subtitle: "medians of interleaved runs: plain llama.cpp loop, Ristretto unguided and guided",
        unit: "tokens/s",
        groups: rows.map { row in
          .init(
            label: row["model"] as? String ?? "",
            rows: [
              .init(series: "plain loop", value: .number(row["llamaCppTokensPerSecond"] as? Double ?? 0)),
              .init(series: "unguided", value: .number(row["unguidedTokensPerSecond"] as? Double ?? 0)),
              .init(series: "guided", value: .number(row["guidedTokensPerSecond"] as? Double ?? 0)),
            ])
        }), name: "decode-speed.svg", in: directory)
  }

  /// Milliseconds per stage against the question's length, for prose and for one unbroken word.
  static func inputs(_ rows: [[String: Any]], to directory: String) throws {
    try write(
      SVGChart(
        title: "Time against input size", subtitle: "median ms per stage (SmolLM2 tokenizer, rule-based model)",
        unit: "ms", scale: .logarithmic,
        groups: rows.map { row in
          .init(
            label: "\(row["kind"] as? String ?? "") \(row["characters"] as? Int ?? 0)",
            rows: [
              .init(series: "token count", value: .number(row["countMilliseconds"] as? Double ?? 0)),
              .init(series: "rules respond", value: .number(row["rulesMilliseconds"] as? Double ?? 0)),
              .init(series: "session", value: .number(row["sessionMilliseconds"] as? Double ?? 0)),
              .init(series: "chat turn", value: .number(row["chatMilliseconds"] as? Double ?? 0)),
            ])
        }), name: "inputs-time.svg", in: directory)
  }

  private static func write(_ chart: SVGChart, name: String, in directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
    try chart.write(to: path)
    print("wrote \(path)")
  }
}
