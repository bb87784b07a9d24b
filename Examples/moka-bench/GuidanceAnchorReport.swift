import Foundation

/// One vocabulary's side-by-side result: Ristretto's timings and the anchor engines' (as the
/// script wrote them), printed as tables, kept as JSON and drawn as a chart.
struct AnchorReport {
  /// One engine's figures in microseconds (compile in milliseconds).
  struct Row {
    var engine: String
    var compileMillis: Double?
    var cold: (p50: Double?, p99: Double?, max: Double?)
    var warm: (p50: Double?, p99: Double?, max: Double?)
    var equalSteps: Int?
    var differingSteps: Int?
    var rejectedTokens: Int?
    /// Cold p99 per case name.
    var caseP99: [String: Double] = [:]
    /// Steps whose allowed sets differ, per case name.
    var caseDiffering: [String: Int] = [:]
  }

  var vocabulary: String
  var vocabularySize: Int
  var ours: GuidanceAnchors.Ours
  var rows: [Row]
  var theirs: [String: Any]

  init(vocabulary: String, ours: GuidanceAnchors.Ours, theirs: [String: Any]) {
    self.vocabulary = vocabulary
    self.ours = ours
    self.theirs = theirs
    vocabularySize = theirs["vocabularySize"] as? Int ?? 0
    let cold = Percentiles(ours.cold)
    let warm = Percentiles(ours.warm)
    var ristretto = Row(
      engine: "Ristretto", compileMillis: Percentiles(ours.compileMillis).p50, cold: (cold.p50, cold.p99, cold.max),
      warm: (warm.p50, warm.p99, warm.max))
    for (name, times) in ours.cases { ristretto.caseP99[name] = Percentiles(times).p99 }
    rows = [ristretto] + (theirs["engines"] as? [[String: Any]] ?? []).map(Self.row)
  }

  private static func row(_ engine: [String: Any]) -> Row {
    func stats(_ key: String) -> (Double?, Double?, Double?) {
      let value = engine[key] as? [String: Any] ?? [:]
      return (value["p50"] as? Double, value["p99"] as? Double, value["max"] as? Double)
    }
    let agreement = engine["agreement"] as? [String: Any] ?? [:]
    var row = Row(
      engine: "\(engine["name"] ?? "?") \(engine["version"] ?? "")",
      compileMillis: (engine["compileMillis"] as? [String: Any])?["p50"] as? Double, cold: stats("cold"),
      warm: stats("warm"), equalSteps: agreement["equalSteps"] as? Int, differingSteps: agreement["differingSteps"] as? Int,
      rejectedTokens: agreement["rejectedTokens"] as? Int)
    for item in engine["cases"] as? [[String: Any]] ?? [] {
      guard let name = item["name"] as? String else { continue }
      row.caseP99[name] = (item["cold"] as? [String: Any])?["p99"] as? Double
      row.caseDiffering[name] = item["differingSteps"] as? Int
    }
    return row
  }

  func print() {
    Swift.print(
      "\(vocabulary), \(vocabularySize) tokens: \(ours.sequences) sequences, \(ours.cold.count) steps"
        + " (\(ours.skipped) sequences left out: Ristretto's grammar refuses them)")
    Swift.print(
      "engine".padding(toLength: 22, withPad: " ", startingAt: 0)
        + " compile ms   cold p50    p99      max   warm p50    p99      max (µs)   equal differing rejected")
    func cell(_ value: Double?, _ format: String) -> String { value.map { String(format: format, $0) } ?? "      -" }
    for row in rows {
      let agreement =
        row.equalSteps.map { String(format: "%8d %9d %8d", $0, row.differingSteps ?? 0, row.rejectedTokens ?? 0) } ?? ""
      Swift.print(
        row.engine.padding(toLength: 22, withPad: " ", startingAt: 0) + cell(row.compileMillis, "%11.3f")
          + cell(row.cold.p50, "%11.1f") + cell(row.cold.p99, "%7.1f") + cell(row.cold.max, "%9.1f")
          + cell(row.warm.p50, "%11.2f") + cell(row.warm.p99, "%7.1f") + cell(row.warm.max, "%9.1f") + "   " + agreement)
    }
    Swift.print("\ncold p99 per schema (µs), and steps whose allowed sets differ from Ristretto's")
    Swift.print(
      "schema".padding(toLength: 26, withPad: " ", startingAt: 0)
        + rows.map { $0.engine.split(separator: " ").first.map(String.init) ?? "" }.map {
          $0.padding(toLength: 20, withPad: " ", startingAt: 0)
        }.joined())
    for (name, _) in ours.cases {
      Swift.print(
        name.padding(toLength: 26, withPad: " ", startingAt: 0)
          + rows.map { row in
            let p99 = row.caseP99[name].map { String(format: "%9.1f", $0) } ?? "        -"
            let differing = row.engine == "Ristretto" ? "" : " (\(row.caseDiffering[name].map(String.init) ?? "-"))"
            return (p99 + differing).padding(toLength: 20, withPad: " ", startingAt: 0)
          }.joined())
    }
    Swift.print("")
  }

  var json: [String: Any] {
    func stats(_ value: (p50: Double?, p99: Double?, max: Double?)) -> [String: Any] {
      ["p50": value.p50 ?? NSNull(), "p99": value.p99 ?? NSNull(), "max": value.max ?? NSNull()]
    }
    let ristretto = rows[0]
    return [
      "vocabulary": vocabulary, "vocabularySize": vocabularySize, "sequences": ours.sequences, "steps": ours.cold.count,
      "sequencesLeftOut": ours.skipped,
      "ristretto": [
        "compileMillis": ristretto.compileMillis.map { $0 as Any } ?? NSNull(), "cold": stats(ristretto.cold),
        "warm": stats(ristretto.warm),
        "coldP99PerCase": ristretto.caseP99,
      ],
      "anchors": theirs,
    ]
  }

  /// Cold and warm p50 and p99 of every engine, on a logarithmic axis.
  func chart() -> SVGChart {
    var groups: [SVGChart.Group] = []
    for row in rows {
      let values: [(String, Double?)] = [
        ("cold p50", row.cold.p50), ("cold p99", row.cold.p99), ("warm p50", row.warm.p50), ("warm p99", row.warm.p99),
      ]
      groups.append(
        .init(
          label: row.engine, rows: values.compactMap { series, value in value.map { .init(series: series, value: .number($0)) } })
      )
    }
    return SVGChart(
      title: "Token masks beside llguidance and XGrammar: \(vocabulary), \(vocabularySize) tokens",
      subtitle: "same GGUF vocabulary, schemas and token sequences; cold: fresh grammar and matcher; warm: second pass",
      unit: "µs per mask", scale: .logarithmic, groups: groups)
  }
}
