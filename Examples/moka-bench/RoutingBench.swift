import Foundation
import MokaPot
import Ristretto
import RistrettoRules

/// Routing accuracy on the labelled sets.
enum RoutingBench {
  struct Example {
    let question: String
    let label: String
    let acceptable: [String]
  }

  /// The folder of the labelled sets (found from this file's path, so it works from any directory).
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Fixtures/moka/sets").standardizedFileURL

  static func load(_ name: String) throws -> [Example] {
    let text = try String(contentsOf: fixtures.appendingPathComponent("routing-\(name).jsonl"), encoding: .utf8)
    return try text.split(separator: "\n").map { line in
      let object = try GeneratedContent(json: String(line))
      return Example(
        question: try object.value(forProperty: "q"), label: try object.value(forProperty: "label"),
        acceptable: try object.value(forProperty: "acceptable"))
    }
  }

  struct Score {
    var acceptable = 0, wrongSpecialist = 0, unsure = 0, total = 0, promptTokens = 0, outputTokens = 0
    var misses: [String] = []
    var accuracy: Double { Double(acceptable) / Double(max(total, 1)) }
    var wrongRate: Double { Double(wrongSpecialist) / Double(max(total, 1)) }
  }

  static func score(_ router: any SpecialtyRouter<MokaSpecialty>, _ examples: [Example]) async throws -> Score {
    var score = Score()
    for example in examples {
      let decision = try await router.route(example.question)
      let name = decision.specialty.rawValue
      score.total += 1
      score.promptTokens += decision.usage.promptTokens
      score.outputTokens = max(score.outputTokens, decision.usage.generatedTokens)
      if decision.wasUnsure { score.unsure += 1 }
      if example.acceptable.contains(name) {
        score.acceptable += 1
      } else {
        if decision.specialty != .general { score.wrongSpecialist += 1 }
        score.misses.append("\(example.label)→\(name): \(example.question)")
      }
    }
    return score
  }

  /// Prints the rule classifier's scores for one question (to understand a routing decision).
  static func explain(_ question: String) throws {
    let assistant = MokaAssistant(data: MokaData.load())
    let cases = MokaSpecialty.allCases.map(\.rawValue) + ["unsure"]
    let result = assistant.ruleBook.classifier.classify(Utterance(question), cases: cases)
    print("\(result.answer) confidence \(result.confidence): \(result.scores.sorted { $0.value > $1.value })")
  }

  static func run(_ options: BenchOptions) async throws {
    let assistant = MokaAssistant(data: MokaData.load())
    let rules = RuleBasedModel(rules: assistant.ruleBook, tokenizer: try MokaAssistant.smolLM2Tokenizer())
    var strategies: [(String, any SpecialtyRouter<MokaSpecialty>)] = [("rules", Router<MokaSpecialty>(model: rules))]
    strategies += try LlamaStrategies.make(options, assistant: assistant, rules: rules)
    if let only = ProcessInfo.processInfo.environment["STRATEGIES"] {
      let names = Set(only.split(separator: ",").map(String.init))
      strategies = strategies.filter { names.contains($0.0) }
    }
    let training = MokaAssistant.routingTrainingSets.filter { $0.hasPrefix("routing-") }
      .map { $0.replacingOccurrences(of: "routing-", with: "") }
    let sets = options.set == "all" ? training : [options.set]
    var results: [[String: Any]] = []
    print("The rules router on a set it is trained on is retrained without that set (leave-one-set-out).")
    print("strategy       set       n   acceptable  wrong-specialist  unsure  mean prompt  max output")
    for (name, fullRouter) in strategies {
      for set in sets {
        let examples = try load(set)
        var router = fullRouter
        if name == "rules", training.contains(set) {
          let model = try assistant.rulesModel(trainedOn: MokaAssistant.routingTrainingSets.filter { $0 != "routing-" + set })
          router = Router<MokaSpecialty>(model: model)
        }
        let score = try await score(router, examples)
        print(
          name.padding(toLength: 14, withPad: " ", startingAt: 0) + set.padding(toLength: 8, withPad: " ", startingAt: 0)
            + String(
              format: "%4d %11.1f%% %16.1f%% %7d %12.1f %11d", score.total, score.accuracy * 100, score.wrongRate * 100,
              score.unsure, Double(score.promptTokens) / Double(max(score.total, 1)), score.outputTokens))
        if set == "dev" || ProcessInfo.processInfo.environment["SHOW_MISSES"] != nil {
          for miss in score.misses { print("    miss \(miss)") }
        }
        results.append([
          "strategy": name, "set": set, "questions": score.total, "acceptable": score.accuracy,
          "wrongSpecialist": score.wrongRate, "unsure": score.unsure,
          "meanPromptTokens": Double(score.promptTokens) / Double(max(score.total, 1)), "maxOutputTokens": score.outputTokens,
        ])
      }
    }
    try writeJSON(["suite": "routing", "results": results], to: options.jsonPath)
    if let directory = options.svgDirectory { try BenchCharts.routing(results, to: directory) }
  }
}
