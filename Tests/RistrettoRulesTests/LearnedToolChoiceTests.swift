import Foundation
import Ristretto
import Testing

@testable import RistrettoRules

@Suite("Written rules scored by a learned tool chooser")
struct LearnedToolChoiceTests {
  static let examples: [LabelledExample] = [
    LabelledExample("my brakes squeal when I stop", tool: "repairSteps"),
    LabelledExample("the chain skips under load", tool: "repairSteps"),
    LabelledExample("i freni fischiano", tool: "repairSteps"),
    LabelledExample("how do I fix a flat tyre", tool: "repairSteps"),
    LabelledExample("where can I buy a new chain", tool: "shops"),
    LabelledExample("any bike shop open near me", tool: "shops"),
    LabelledExample("who sells brake pads around here", tool: "shops"),
    LabelledExample("is there a shop nearby that sells tubes", tool: "shops"),
    LabelledExample("hello there", reply: "Hi! Ask me about your bike."),
    LabelledExample("hi", reply: "Hi! Ask me about your bike."),
    LabelledExample("thanks a lot"),
    LabelledExample("what's the weather like", tool: "weather"),
  ]

  static let chooser = LearnedRules.toolChooser(examples: examples, tools: ["repairSteps", "shops"])

  static let written = ToolRule(
    tool: "shops", triggers: ["shop"], minimumScore: 1,
    contextScore: { _, context in context.earlierResults.last?.tool == "shops" ? 0.5 : 0 }
  ) { _, _ in ["item": "chain"] }

  @Test func theChooserLearnsOnlyTheToolsNamedWithNoToolAndReplies() {
    let answers = Set(Self.chooser.probabilities(of: Utterance("where can I buy tubes")).keys)
    #expect(answers.contains("shops") && answers.contains("repairSteps"))
    #expect(!answers.contains("weather"))
    #expect(answers.contains(LearnedRules.noTool))
    #expect(answers.contains(LearnedRules.replyPrefix + "0"))
  }

  @Test func aScoredRuleAddsTheChoosersScoreToItsTriggers() {
    let rule = Self.written.scored(by: Self.chooser, weight: 8)
    #expect(rule.triggers == Self.written.triggers)
    #expect(rule.tool == "shops" && rule.minimumScore == 1)
    let context = RuleContext()
    let asked = rule.contextScore(Utterance("which shop near me sells brake pads"), context)
    let other = rule.contextScore(Utterance("my chain skips when I stop"), context)
    let probability = Self.chooser.probabilities(of: Utterance("which shop near me sells brake pads"))["shops"] ?? 0
    #expect(abs(asked - 8 * probability) < 1e-9)
    #expect(asked >= rule.minimumScore, "\(asked)")
    #expect(other < asked, "\(other) vs \(asked)")
  }

  @Test func theWrittenContextScoreStillAdds() {
    let rule = Self.written.scored(by: Self.chooser, weight: 8)
    let question = Utterance("and the other one?")
    let shown = RuleContext(earlierResults: [ToolResult(tool: "shops", arguments: [:], output: [:])])
    #expect(abs(rule.contextScore(question, shown) - rule.contextScore(question, RuleContext()) - 0.5) < 1e-9)
    #expect(rule.arguments(question, shown) == ["item": "chain"])
  }
  @Test func aStoredChooserIsReadWithoutParsingItsExamples() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chooser-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let settings = LearnedRules.Settings(cache: DerivedDataCache(directory: directory))
    let source = Data("bike examples v1".utf8)
    let trained = LearnedRules.toolChooser(
      source: source, examples: { Self.examples }, tools: ["repairSteps", "shops"], settings: settings)
    let read = LearnedRules.toolChooser(
      source: source,
      examples: {
        Issue.record("the examples were parsed again")
        return []
      }, tools: ["repairSteps", "shops"], settings: settings)
    let question = Utterance("who sells tubes near me")
    #expect(read.probabilities(of: question) == trained.probabilities(of: question))
    #expect(read.probabilities(of: question) == Self.chooser.probabilities(of: question))
  }
  @Test func rulesScoredTogetherScoreAsEachAlone() {
    let other = ToolRule(tool: "repairSteps", triggers: ["fix"]) { _, _ in [:] }
    let together = [Self.written, other].scored(by: Self.chooser, weight: 8)
    let alone = [Self.written, other].map { $0.scored(by: Self.chooser, weight: 8) }
    for text in ["which shop sells tubes", "how do I fix a squeaky brake", "which shop sells tubes"] {
      let question = Utterance(text)
      for (rule, single) in zip(together, alone) {
        #expect(rule.contextScore(question, RuleContext()) == single.contextScore(question, RuleContext()), "\(text)")
      }
    }
  }
}
