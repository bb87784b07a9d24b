import Foundation
import MokaPot
import Ristretto
import RistrettoRules

/// `moka-bench learned`: the moka assistant's tool choice, key arguments and routing as
/// ``LearnedRules`` learns them from the tuning sets' labels, the tools' schemas and the data's
/// names, scored on the held-out sets. No moka rule takes part.
///
/// Each turn is read on its own, without the conversation before it, so a follow-up that needs
/// an earlier turn counts against it; single questions are the like-for-like figure.
enum LearnedBench {
  /// The tuning sets the rules learn from (`answers-blind2` names no particular tool, `*`, on
  /// many turns, so it is left out).
  static let trainingSets = MokaLearning.answerSets
  static let heldOutSets = ["blind25", "real1", "real2", "real4", "real5"]
  /// The routing sets the router learns from, and those held out.
  static let routingTrainingSets = MokaLearning.routingSets
  static let routingHeldOutSets = ["blind23", "blind24", "real1", "real2", "real4", "real5"]

  struct Turn {
    var example: LabelledExample
    var acceptable: [String]
    var isSingle: Bool
  }

  struct Score: Codable {
    var set, kind: String
    var n = 0, toolRight = 0, argumentsChecked = 0, argumentsRight = 0, routeAcceptable = 0, wrongSpecialist = 0
  }

  static func run(_ options: BenchOptions) throws {
    let clock = ContinuousClock()
    let sets = options.setWasGiven && options.set != "all" ? [options.set] : heldOutSets
    // A tuning set asked for by name is left out of training (a validation set); only a
    // validation set's misses are ever printed.
    let validating = sets.allSatisfy(trainingSets.contains)
    var training: [LabelledExample] = []
    for name in trainingSets where !sets.contains(name) { training += try turns(name).map(\.example) }
    for name in routingTrainingSets { training += try routingTurns(name).map(\.example) }
    let data = MokaData.load()
    let assistant = MokaAssistant(data: data)
    // Cold: trained into an empty cache; warm: the same rules read back from it.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("learned-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let settings = LearnedRules.Settings(
      statusProperty: "status", requiresEvidence: ProcessInfo.processInfo.environment["EVIDENCE"] != "0",
      cache: DerivedDataCache(directory: directory))
    func learn() -> LearnedRules {
      LearnedRules(
        examples: training, tools: assistant.toolbox.map(\.definition), vocabularies: MokaLearning.vocabularies(data),
        reply: "I can help with moka-pot coffee.", settings: settings)
    }
    var start = clock.now
    _ = learn()
    let cold = clock.now - start
    start = clock.now
    let rules = learn()
    let warm = clock.now - start
    print("\(training.count) labelled examples; rules built cold (training) in \(cold), warm (from the cache) in \(warm)")
    var scores: [Score] = []
    let specialties = MokaSpecialty.allCases.map(\.rawValue) + ["unsure"]
    let requestStart = clock.now
    var requests = 0
    for name in sets {
      var single = Score(set: name, kind: "single")
      var turn = Score(set: name, kind: "turn")
      for item in try turns(name) {
        requests += 1
        var score = item.isSingle ? single : turn
        score.n += 1
        let question = Utterance(item.example.question)
        let chosen: String? =
          if case .tool(let tool, _) = rules.choose(question) { tool } else { nil }
        if chosen != item.example.tool, validating, ProcessInfo.processInfo.environment["SHOW_MISSES"] != nil {
          print("tool \(item.example.tool ?? "none") → \(chosen ?? "none"): \(item.example.question)")
        }
        if chosen == item.example.tool {
          score.toolRight += 1
          if let tool = chosen, case .structure(let expected, _) = item.example.arguments.kind, !expected.isEmpty {
            score.argumentsChecked += 1
            let actual = rules.arguments(for: tool, question: question)
            if expected.allSatisfy({ key, value in matches(value, actual.property(key)) }) {
              score.argumentsRight += 1
            } else if validating, ProcessInfo.processInfo.environment["SHOW_MISSES"] != nil {
              print("args \(item.example.arguments.jsonString) → \(actual.jsonString): \(item.example.question)")
            }
          }
        }
        if let router = rules.router {
          let route = router.classify(question, cases: specialties).answer
          if item.acceptable.contains(route) {
            score.routeAcceptable += 1
          } else if route != "general" && route != "unsure" {
            score.wrongSpecialist += 1
          }
        }
        if item.isSingle { single = score } else { turn = score }
      }
      scores += [single, turn]
    }
    if !validating {
      for name in routingHeldOutSets {
        var score = Score(set: "routing-" + name, kind: "route")
        for item in try routingTurns(name) {
          score.n += 1
          let route = rules.router?.classify(Utterance(item.example.question), cases: specialties).answer ?? "unsure"
          if item.acceptable.contains(route) {
            score.routeAcceptable += 1
          } else if route != "general" && route != "unsure" {
            score.wrongSpecialist += 1
          }
        }
        scores.append(score)
      }
    }
    let perRequest = (clock.now - requestStart) / max(requests, 1)
    print("set                kind        n   tool right   args right (checked)   route acceptable   wrong specialist")
    for score in scores {
      func share(_ part: Int, _ whole: Int) -> String { String(format: "%5.1f%%", 100 * Double(part) / Double(max(whole, 1))) }
      let columns: [String] = [
        score.set.padding(toLength: 16, withPad: " ", startingAt: 0),
        score.kind.padding(toLength: 6, withPad: " ", startingAt: 0), String(format: "%4d", score.n),
        share(score.toolRight, score.n), share(score.argumentsRight, score.argumentsChecked),
        "(\(score.argumentsChecked))", share(score.routeAcceptable, score.n), share(score.wrongSpecialist, score.n),
      ]
      print(columns.joined(separator: "   "))
    }
    print("per question (choice, arguments, route): \(perRequest)")
    if let path = options.jsonPath {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try encoder.encode(scores).write(to: URL(fileURLWithPath: path))
      print("wrote \(path)")
    }
  }

  static func turns(_ name: String) throws -> [Turn] {
    let url = RoutingBench.fixtures.appendingPathComponent("answers-\(name).jsonl")
    let text = try String(contentsOf: url, encoding: .utf8)
    var result: [Turn] = []
    for line in text.split(separator: "\n") {
      guard case .structure(let fields, _) = try GeneratedContent(json: String(line)).kind else { continue }
      let examples = try LabelledExample.jsonLines(String(line))
      var acceptable: [[String]] = []
      let turnFields: [GeneratedContent] =
        if case .array(let items)? = fields["turns"]?.kind { items } else {
          [GeneratedContent(kind: .structure(properties: fields, orderedKeys: []))]
        }
      for turn in turnFields {
        var names: [String] = []
        if case .structure(let properties, _) = turn.kind, case .array(let values)? = properties["acceptable"]?.kind {
          for case .string(let value) in values.map(\.kind) { names.append(value) }
        }
        acceptable.append(names)
      }
      for (index, example) in examples.enumerated() {
        result.append(Turn(example: example, acceptable: acceptable[index], isSingle: fields["turns"] == nil))
      }
    }
    return result
  }

  /// A routing set's questions, labelled for routing only.
  static func routingTurns(_ name: String) throws -> [Turn] {
    let url = RoutingBench.fixtures.appendingPathComponent("routing-\(name).jsonl")
    var result: [Turn] = []
    for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
      guard case .structure(let fields, _) = try GeneratedContent(json: String(line)).kind,
        let example = try LabelledExample.jsonLines(String(line)).first
      else { continue }
      var acceptable: [String] = []
      if case .array(let values)? = fields["acceptable"]?.kind {
        for case .string(let value) in values.map(\.kind) { acceptable.append(value) }
      }
      result.append(Turn(example: example, acceptable: acceptable, isSingle: true))
    }
    return result
  }

  /// The answer bench's argument check: strings by containment ignoring case and accents, arrays
  /// holding each expected item, numbers and Booleans exactly.
  static func matches(_ expected: GeneratedContent, _ actual: GeneratedContent?) -> Bool {
    guard let actual else { return false }
    switch (expected.kind, actual.kind) {
    case (.string(let want), .string(let got)):
      return Utterance(got).normalized.contains(Utterance(want).normalized)
    case (.array(let wanted), .array(let got)):
      return wanted.allSatisfy { item in got.contains { matches(item, $0) } }
    case (.string, .array(let got)):
      return got.contains { matches(expected, $0) }
    default:
      return expected == actual
    }
  }
}

extension GeneratedContent {
  fileprivate func property(_ name: String) -> GeneratedContent? {
    guard case .structure(let properties, _) = kind else { return nil }
    return properties[name]
  }
}
