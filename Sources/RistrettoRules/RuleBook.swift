import Ristretto

/// What a ``RuleBasedModel`` knows: how to classify, which tool to call for which words, and
/// how to turn tool outputs into replies.
///
/// The app supplies the rules; the engine applies them deterministically, passes every
/// structured output through the guidance automaton, and enforces the status rule: a tool
/// whose status says it did not run is reported as unavailable, never as "nothing found".
public struct RuleBook: Sendable {
  /// Classification of free text into enum cases (used for router-style enum outputs).
  public var classifier: any UtteranceClassifier
  /// Tool-selection rules, tried against the tools the request enables.
  public var toolRules: [ToolRule]
  /// Composes the next step from this turn's tool results (those that ran).
  public var answer: @Sendable (_ results: [ToolResult], _ question: Utterance, _ context: RuleContext) -> AnswerStep
  /// A reply to a follow-up that earlier tool outputs already answer ("which of those is decaf?"),
  /// tried before any tool rule; nil lets the tool rules run.
  public var followUp: @Sendable (_ question: Utterance, _ context: RuleContext) -> String? = { _, _ in nil }
  /// A reply from what the app knows without a tool ("should I tamp the coffee?"), tried on every
  /// turn after ``followUp`` and before any tool rule; nil lets the tool rules run.
  public var knowledge: @Sendable (_ question: Utterance, _ context: RuleContext) -> String? = { _, _ in nil }
  /// The reply when no tool applies.
  public var reply: @Sendable (_ question: Utterance, _ enabledTools: [String], _ context: RuleContext) -> String
  /// The property of a structured tool output that holds its status (nil: outputs have none).
  public var statusProperty: String?
  /// Whether a status means the tool did not run (default: no status does).
  public var statusDidNotRun: @Sendable (String) -> Bool
  /// The sentence for a tool that did not run.
  public var unavailableSentence: @Sendable (ToolResult) -> String
  /// What follows when no tool of the turn ran (an offer to help otherwise).
  public var unavailableFollowUp: String
  /// Phrases of other languages read as the rules' words before anything matches the question
  /// (nil: the question is read as typed).
  public var glossary: Glossary?
  /// The tool a question asks for first when the app knows it better than the rules' scores (the
  /// first of several requests in one message): its rule is chosen, if the request offers the
  /// tool, and reads the arguments. nil, or no tool returned: the best-scoring rule is chosen.
  public var firstTool: (@Sendable (_ question: Utterance, _ context: RuleContext) -> String?)?

  /// Creates a rule book.
  public init(
    classifier: any UtteranceClassifier, toolRules: [ToolRule],
    answer: @escaping @Sendable ([ToolResult], Utterance, RuleContext) -> AnswerStep,
    reply: @escaping @Sendable (Utterance, [String], RuleContext) -> String,
    statusProperty: String? = nil,
    statusDidNotRun: @escaping @Sendable (String) -> Bool = { _ in false },
    unavailableSentence: @escaping @Sendable (ToolResult) -> String = { result in
      "\(result.tool) is unavailable right now, so it did not run; try again later."
    },
    unavailableFollowUp: String = "I can still help with something else."
  ) {
    self.unavailableFollowUp = unavailableFollowUp
    self.classifier = classifier
    self.toolRules = toolRules
    self.answer = answer
    self.reply = reply
    self.statusProperty = statusProperty
    self.statusDidNotRun = statusDidNotRun
    self.unavailableSentence = unavailableSentence
  }
}

/// Weighted phrases per case; the best case wins if it scores enough and leads by a margin.
public struct Classifier: Sendable {
  /// Phrases per case name.
  public var phrases: [String: [Phrase]]
  /// The least score a case needs.
  public var minimumScore: Double
  /// How far the best case must lead the second.
  public var margin: Double
  /// The answer when no case is clear.
  public var unsureAnswer: String
  /// A runner-up scoring at least this much…
  public var mixedMinimum: Double
  /// …and at least this share of the best score marks a mixed question: the answer is unsure.
  public var mixedShare: Double
  /// Cases whose runner-up score never makes a question mixed (typically the fallback).
  public var mixedIgnores: Set<String>

  /// Creates a classifier.
  public init(
    phrases: [String: [Phrase]], minimumScore: Double = 1, margin: Double = 0.5, unsureAnswer: String = "unsure",
    mixedMinimum: Double = .infinity, mixedShare: Double = 1, mixedIgnores: Set<String> = []
  ) {
    self.mixedIgnores = mixedIgnores
    self.phrases = phrases
    self.minimumScore = minimumScore
    self.margin = margin
    self.unsureAnswer = unsureAnswer
    self.mixedMinimum = mixedMinimum
    self.mixedShare = mixedShare
  }

  /// The chosen case among `cases` (or the unsure answer), its confidence, and every score.
  public func classify(_ utterance: Utterance, cases: [String]) -> (answer: String, confidence: Double, scores: [String: Double])
  {
    var considered: [String: [Phrase]] = [:]
    for name in cases where name != unsureAnswer { considered[name] = phrases[name] ?? [] }
    let scores = utterance.scores(considered)
    let ranked = scores.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    guard let best = ranked.first, best.value >= minimumScore else { return (unsureAnswer, 0, scores) }
    let total = scores.values.reduce(0, +)
    let confidence = total > 0 ? best.value / total : 0
    if mixedIgnores.contains(best.key) { return (best.key, confidence, scores) }
    // Against another specialist the lead must reach the margin; against an ignored case
    // (the fallback) half of it, since landing there costs tokens, not a wrong answer.
    let runnerUp = ranked.dropFirst().first { !mixedIgnores.contains($0.key) }?.value ?? 0
    let fallbackScore = ranked.dropFirst().first { mixedIgnores.contains($0.key) }?.value ?? 0
    guard best.value - runnerUp >= margin, best.value - fallbackScore >= margin / 2 else {
      return (unsureAnswer, confidence, scores)
    }
    if runnerUp >= mixedMinimum, runnerUp >= best.value * mixedShare { return (unsureAnswer, confidence, scores) }
    return (best.key, confidence, scores)
  }
}

/// When to call a tool and with what arguments.
public struct ToolRule: Sendable {
  /// The tool's name.
  public var tool: String
  /// Phrases that suggest the tool.
  public var triggers: [Phrase]
  /// The least score that calls it.
  public var minimumScore: Double
  /// Extra score from the conversation so far (a follow-up about earlier results), added to the triggers'.
  public var contextScore: @Sendable (Utterance, RuleContext) -> Double
  /// The proposed arguments; the engine steers them into the tool's schema.
  public var arguments: @Sendable (Utterance, RuleContext) -> GeneratedContent

  /// Creates a rule whose arguments may read the conversation so far.
  public init(
    tool: String, triggers: [Phrase], minimumScore: Double = 1,
    contextScore: @escaping @Sendable (Utterance, RuleContext) -> Double = { _, _ in 0 },
    arguments: @escaping @Sendable (Utterance, RuleContext) -> GeneratedContent
  ) {
    self.tool = tool
    self.triggers = triggers
    self.minimumScore = minimumScore
    self.contextScore = contextScore
    self.arguments = arguments
  }

  /// Creates a rule whose arguments depend on the question alone.
  public init(
    tool: String, triggers: [Phrase], minimumScore: Double = 1, arguments: @escaping @Sendable (Utterance) -> GeneratedContent
  ) {
    self.init(tool: tool, triggers: triggers, minimumScore: minimumScore) { utterance, _ in arguments(utterance) }
  }
}

extension ToolRule {
  /// This rule with tool choice learned from examples: `weight` times the probability
  /// `chooser` gives its tool (a classifier whose answers are tool names, as
  /// ``LearnedRules/toolChooser(examples:tools:settings:)`` trains) added to its score. The
  /// rule's triggers, context score, minimum and arguments stay: keep as triggers what the app's
  /// data names (its vocabularies of values), and leave phrasings to the examples.
  ///
  /// With a minimum score of 1, a weight of 8 calls the tool from a probability of 1/8 on, or
  /// less with the triggers' or the context's help. To score several rules by one chooser, use
  /// the array's `scored(by:weight:)`: it asks the chooser once per question for all of them.
  public func scored(by chooser: LinearClassifier, weight: Double) -> ToolRule {
    scored(by: ChooserAnswers(chooser), weight: weight)
  }

  fileprivate func scored(by answers: ChooserAnswers, weight: Double) -> ToolRule {
    let (tool, context) = (self.tool, contextScore)
    return ToolRule(
      tool: tool, triggers: triggers, minimumScore: minimumScore,
      contextScore: { question, conversation in
        context(question, conversation) + weight * (answers.probabilities(of: question)[tool] ?? 0)
      }, arguments: arguments)
  }
}

extension [ToolRule] {
  /// Each rule scored by `chooser` as ``ToolRule/scored(by:weight:)`` scores one, the chooser
  /// asked once per question for all of them.
  public func scored(by chooser: LinearClassifier, weight: Double) -> [ToolRule] {
    let answers = ChooserAnswers(chooser)
    return map { $0.scored(by: answers, weight: weight) }
  }
}

/// A chooser's probabilities of the last question it was asked, kept so that rules scoring the
/// same question share one classification.
private final class ChooserAnswers: Sendable {
  let chooser: LinearClassifier
  private let last = LockedValue<(words: [String], original: String, probabilities: [String: Double])?>(nil)

  init(_ chooser: LinearClassifier) { self.chooser = chooser }

  func probabilities(of question: Utterance) -> [String: Double] {
    if let known = last.withLock({ $0 }), known.words == question.words, known.original == question.original {
      return known.probabilities
    }
    let probabilities = chooser.probabilities(of: question)
    last.withLock { $0 = (question.words, question.original, probabilities) }
    return probabilities
  }
}

/// One tool call of the current turn and what it returned.
public struct ToolResult: Sendable {
  /// The tool's name.
  public var tool: String
  /// The arguments it was called with.
  public var arguments: GeneratedContent
  /// Its output (structured, or a string).
  public var output: GeneratedContent
  /// The turn that ran it: the index of its question in the conversation, 0 for the first.
  public var turn: Int = 0

  /// The string value of the output's `property`, if it is structured and has one.
  public func status(_ property: String?) -> String? {
    guard let property, case .structure(let values, _) = output.kind, case .string(let status)? = values[property]?.kind
    else { return nil }
    return status
  }
}

/// What the engine does next after tool results.
public enum AnswerStep: Sendable {
  /// Reply with this text.
  case reply(String)
  /// Call another tool first (for example, search with the profile a quiz produced).
  case call(tool: String, arguments: GeneratedContent)
  /// Call another tool too when the request offers it and it has not run this turn (the second
  /// part of a two-part question); otherwise reply with the text.
  case callOrReply(tool: String, arguments: GeneratedContent, reply: String)
}
