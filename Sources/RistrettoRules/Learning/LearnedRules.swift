import Foundation
import Ristretto

/// A rule book learned from labelled examples and the tools' schemas: a deterministic backend for
/// a new domain with no hand-written rules.
///
/// - **Routing**: a ``LinearClassifier`` over the examples' specialties answers a router's enum.
/// - **Tool choice**: a second classifier over the examples' tools, "no tool" and fixed replies;
///   a tool is called when it is at least ``Settings/minimumToolProbability`` likely. A question
///   of several sentences is also read sentence by sentence, so a second ask gets its own call.
/// - **Arguments**: an ``ArgumentReader`` per tool, from its schema, the examples and the app's
///   vocabularies; a question that points back ("the second one", "from there") fills what it
///   leaves out from the previous turns' calls and typed outputs (``FollowUpReferences``).
/// - **Answers**: each tool output through its ``AnswerWording``; fixed replies as labelled.
///
/// Training runs once, in the initializer (milliseconds for a few hundred examples, seconds for
/// thousands; with ``Settings/cache`` later starts read the weights instead); requests only
/// classify. ``ruleBook`` is an ordinary ``RuleBook``: an app with a rule no example can
/// teach (a safety warning that must come first, a computed follow-up) sets that book's
/// `knowledge` or `followUp` hook or appends a ``ToolRule``, and keeps the rest learned.
///
/// ```swift
/// let rules = LearnedRules(
///   examples: examples, tools: [ShopsTool().definition], vocabularies: ["item": parts],
///   wording: ["shops": AnswerWording("{*shops}{name}{/shops}.")], reply: "I help with bike repairs.")
/// let model = RuleBasedModel(rules: rules.ruleBook, tokenizer: tokenizer)
/// ```
public struct LearnedRules: Sendable {
  /// How the rules decide.
  public struct Settings: Sendable {
    /// The least probability at which a tool is called.
    public var minimumToolProbability: Double
    /// The least probability at which a fixed reply is given.
    public var minimumReplyProbability: Double
    /// The least probability at which the router names a specialty (else `unsure`).
    public var minimumRouteProbability: Double
    /// The features both classifiers see.
    public var features: NGramFeatures
    /// The property of a tool output that holds its status.
    public var statusProperty: String?
    /// Whether a status means the tool did not run.
    public var statusDidNotRun: @Sendable (String) -> Bool
    /// Today's weekday, 0 for Sunday, for "today" and "tomorrow" (default: the clock, in UTC).
    public var weekday: @Sendable () -> Int
    /// Where trained weights are kept, so later starts read them instead of training (nil:
    /// train in every initializer).
    public var cache: DerivedDataCache?
    /// Names what the features' tags depend on, for the cache (a closure cannot be fingerprinted).
    public var featuresFingerprint: String
    /// Whether a tool is called only when the question names something of it: an argument it
    /// states outright, or a word that only that tool's examples share. Off, any question the
    /// chooser places calls a tool, however far from the examples it is.
    public var requiresEvidence: Bool

    /// Creates settings.
    public init(
      minimumToolProbability: Double = 0.5, minimumReplyProbability: Double = 0.6,
      minimumRouteProbability: Double = 0.5, features: NGramFeatures = NGramFeatures(),
      statusProperty: String? = "status", statusDidNotRun: @escaping @Sendable (String) -> Bool = { _ in false },
      weekday: @escaping @Sendable () -> Int = LearnedRules.weekdayNow, requiresEvidence: Bool = true,
      cache: DerivedDataCache? = nil, featuresFingerprint: String = ""
    ) {
      (self.cache, self.featuresFingerprint) = (cache, featuresFingerprint)
      self.requiresEvidence = requiresEvidence
      (self.minimumToolProbability, self.minimumReplyProbability) = (minimumToolProbability, minimumReplyProbability)
      self.minimumRouteProbability = minimumRouteProbability
      (self.features, self.statusProperty, self.statusDidNotRun) = (features, statusProperty, statusDidNotRun)
      self.weekday = weekday
    }
  }

  /// What the rules would do with a question.
  public enum Choice: Sendable, Equatable {
    /// Call this tool.
    case tool(String, probability: Double)
    /// Give this fixed reply.
    case reply(String, probability: Double)
    /// Neither: the fallback reply.
    case none(probability: Double)
  }

  /// The router, trained on the examples' specialties (nil when none is labelled).
  public let router: LinearClassifier?
  /// The tool chooser, trained on the examples' tools, "no tool" and replies.
  public let chooser: LinearClassifier
  /// The argument reader of each tool.
  public let readers: [String: ArgumentReader]
  /// How each tool's output is worded.
  public let wording: [String: AnswerWording]
  /// The reply when no tool and no fixed reply applies.
  public let fallbackReply: String
  /// The words of follow-ups.
  public let references: FollowUpReferences
  /// How the rules decide.
  public let settings: Settings
  private let replies: [String]
  private let tools: [ToolDefinition]
  /// Per tool, the words of four or more letters found in at least two of its examples and
  /// mostly in its examples: at least ``keywordShare`` of the examples that hold the word.
  let keywords: [String: Set<String>]

  static let noTool = "#none"
  static let replyPrefix = "#reply"

  /// Learns from `examples`; `vocabularies` names property values (by property, or
  /// `tool.property`), `wording` words each tool's output, `reply` is the fallback.
  public init(
    examples: [LabelledExample], tools: [ToolDefinition], vocabularies: [String: Gazetteer] = [:],
    wording: [String: AnswerWording] = [:], reply: String, references: FollowUpReferences = FollowUpReferences(),
    settings: Settings = Settings()
  ) {
    let names = Set(tools.map(\.name))
    let (labelled, replies) = Self.toolLabels(examples, tools: names)
    chooser = settings.train(labelled, minimumProbability: 0)
    let routed = examples.compactMap { example in example.specialty.map { LinearClassifier.Example(example.question, label: $0) }
    }
    router =
      routed.isEmpty
      ? nil
      : settings.train(routed, minimumProbability: settings.minimumRouteProbability)
    var readers: [String: ArgumentReader] = [:]
    for tool in tools {
      readers[tool.name] = ArgumentReader(
        tool: tool, examples: examples, vocabularies: vocabularies, features: settings.features,
        train: settings.train)
    }
    self.readers = readers
    self.keywords = Self.keywords(labelled, tools: names)
    self.replies = replies
    self.tools = tools
    self.wording = wording
    self.fallbackReply = reply
    self.references = references
    self.settings = settings
  }

  /// A tool chooser alone, trained as ``chooser`` is: on the examples' tools (among `tools`),
  /// "no tool" and fixed replies. Its probability of a tool's name can stand in for a written
  /// rule's trigger phrases (``ToolRule/scored(by:weight:)``).
  public static func toolChooser(examples: [LabelledExample], tools: [String], settings: Settings = Settings())
    -> LinearClassifier
  {
    settings.train(toolLabels(examples, tools: Set(tools)).labelled, minimumProbability: 0)
  }

  /// A tool chooser whose examples are read from `source` only when `settings.cache` holds no
  /// weights trained on those bytes: a later start reads the weights without parsing the
  /// examples. Without a cache, it trains as ``toolChooser(examples:tools:settings:)`` does.
  public static func toolChooser(
    source: some Sequence<UInt8>, examples: () -> [LabelledExample], tools: [String], settings: Settings = Settings()
  ) -> LinearClassifier {
    guard let cache = settings.cache else { return toolChooser(examples: examples(), tools: tools, settings: settings) }
    return LinearClassifier.cached(
      source: source, examples: { toolLabels(examples(), tools: Set(tools)).labelled }, features: settings.features,
      featuresFingerprint: settings.featuresFingerprint + "|tool-labels/1|" + tools.joined(separator: ","),
      minimumProbability: 0, cache: cache)
  }

  /// The chooser's examples, labelled with a tool, "no tool" or a fixed reply (by its index in
  /// `replies`).
  static func toolLabels(_ examples: [LabelledExample], tools names: Set<String>)
    -> (labelled: [LinearClassifier.Example], replies: [String])
  {
    var replies: [String] = []
    var labelled: [LinearClassifier.Example] = []
    for example in examples where example.labelsTool {
      if let text = example.reply {
        if !replies.contains(text) { replies.append(text) }
        let index = replies.firstIndex(of: text) ?? 0
        labelled.append(.init(example.question, label: "\(replyPrefix)\(index)"))
      } else if let tool = example.tool, names.contains(tool) {
        labelled.append(.init(example.question, label: tool))
      } else if example.tool == nil {
        labelled.append(.init(example.question, label: noTool))
      }
    }
    return (labelled, replies)
  }

  /// What the rules do with `question` when `enabled` tools are offered (nil: all of them).
  ///
  /// Calling some tool, each fixed reply and "no tool" compete: the tools' probabilities add up,
  /// so a question that plainly needs a tool calls one even while the examples leave two tools
  /// close. The winner must reach its least probability, else the answer is the fallback.
  public func choose(_ question: Utterance, enabled: Set<String>? = nil) -> Choice {
    let probabilities = chooser.probabilities(of: question)
    var toolTotal = 0.0
    var bestTool: (name: String, probability: Double)?
    var bestOther: (label: String, probability: Double)?
    for (label, probability) in probabilities.sorted(by: { $0.key < $1.key }) {
      if label == Self.noTool || label.hasPrefix(Self.replyPrefix) {
        if probability > (bestOther?.probability ?? -1) { bestOther = (label, probability) }
      } else if enabled?.contains(label) ?? true {
        toolTotal += probability
        guard !settings.requiresEvidence || hasEvidence(for: label, in: question) else { continue }
        if probability > (bestTool?.probability ?? -1) { bestTool = (label, probability) }
      }
    }
    if let bestTool, toolTotal > (bestOther?.probability ?? 0) {
      return toolTotal >= settings.minimumToolProbability
        ? .tool(bestTool.name, probability: toolTotal) : .none(probability: 1 - toolTotal)
    }
    guard let bestOther else { return .none(probability: 1) }
    if bestOther.label.hasPrefix(Self.replyPrefix), let index = Int(bestOther.label.dropFirst(Self.replyPrefix.count)),
      bestOther.probability >= settings.minimumReplyProbability
    {
      return .reply(replies[index], probability: bestOther.probability)
    }
    return .none(probability: bestOther.probability)
  }

  /// Whether `question` names something of `tool`: an argument it states, or one of its keywords.
  func hasEvidence(for tool: String, in question: Utterance) -> Bool {
    if let words = keywords[tool], question.words.contains(where: { words.contains(Self.stem($0)) }) { return true }
    return readers[tool]?.findsArgument(in: question) ?? false
  }

  private static func stem(_ word: String) -> String { word.count > 4 && word.hasSuffix("s") ? String(word.dropLast()) : word }

  /// The share of a word's examples that must be one tool's for the word to be its keyword.
  static let keywordShare = 0.6

  private static func keywords(_ examples: [LinearClassifier.Example], tools: Set<String>) -> [String: Set<String>] {
    var totals: [String: Int] = [:]
    var counts: [String: [String: Int]] = [:]
    for example in examples {
      for word in Set(Utterance(example.text).words.map(stem)) where word.count >= 4 {
        totals[word, default: 0] += 1
        counts[example.label, default: [:]][word, default: 0] += 1
      }
    }
    var result: [String: Set<String>] = [:]
    for tool in tools {
      let words = (counts[tool] ?? [:]).filter { word, count in
        count >= 2 && Double(count) >= keywordShare * Double(totals[word] ?? count)
      }
      result[tool] = Set(words.keys)
    }
    return result
  }

  /// The arguments of a call to `tool` for `question`: what it states, then what it points back
  /// at in `context`.
  public func arguments(for tool: String, question: Utterance, context: RuleContext = RuleContext())
    -> GeneratedContent
  {
    guard let reader = readers[tool] else { return GeneratedContent(properties: [:]) }
    var values = reader.read(question, today: settings.weekday())
    if references.pointsBack(question) {
      let latest = context.earlierResults.last
      for slot in reader.slots where values[slot.name] == nil && reader.takesText(slot.name) {
        if let value = pointedValue(slot.name, reader: reader, question: question, context: context) {
          values[slot.name] = GeneratedContent(kind: .string(value))
        }
      }
      if let latest, latest.tool == tool, case .structure(let earlier, _) = latest.arguments.kind {
        for (key, value) in earlier where values[key] == nil { values[key] = value }
      }
    }
    let order = reader.slots.map(\.name).filter { values[$0] != nil }
    return GeneratedContent(kind: .structure(properties: values, orderedKeys: order))
  }

  /// The value of text property `property` that the question picks among earlier outputs' items.
  private func pointedValue(_ property: String, reader: ArgumentReader, question: Utterance, context: RuleContext)
    -> String?
  {
    for result in context.earlierResults.reversed() {
      let items = FollowUpReferences.items(of: result.output)
      guard let item = references.pick(items, for: question) else { continue }
      let fields = FollowUpReferences.strings(of: item)
      if let named = fields.lazy.compactMap({ reader.value(of: property, naming: $0.value) }).first { return named }
      if let same = fields.first(where: { $0.key == property }) { return same.value }
    }
    return nil
  }

  /// The sentences of `question` that ask for something else than its whole does.
  func clauses(of question: Utterance) -> [Utterance] {
    var parts: [String] = []
    var current = ""
    for character in question.original {
      current.append(character)
      if "?.!;\n".contains(character) {
        parts.append(current)
        current = ""
      }
    }
    parts.append(current)
    var split: [String] = []
    for part in parts {
      split += part.components(separatedBy: " also ").flatMap { $0.components(separatedBy: " and also ") }
        .flatMap { $0.components(separatedBy: " btw ") }
    }
    let clauses = split.map(Utterance.init).filter { $0.words.count >= 2 }
    return clauses.count > 1 ? clauses : []
  }

  /// The rule book these rules make.
  public var ruleBook: RuleBook {
    let rules = self
    let toolRules = tools.map { tool in
      ToolRule(
        tool: tool.name, triggers: [], minimumScore: settings.minimumToolProbability,
        contextScore: { question, _ in
          if case .tool(let name, let probability) = rules.choose(question), name == tool.name { return probability }
          return 0
        },
        arguments: { question, context in rules.arguments(for: tool.name, question: question, context: context) })
    }
    var book = RuleBook(
      classifier: router ?? LinearClassifier(examples: [], features: settings.features),
      toolRules: toolRules,
      answer: { results, question, context in rules.answer(results, question: question, context: context) },
      reply: { _, _, _ in rules.fallbackReply }, statusProperty: settings.statusProperty,
      statusDidNotRun: settings.statusDidNotRun)
    book.knowledge = { question, _ in
      if case .reply(let text, _) = rules.choose(question) { return text }
      return nil
    }
    return book
  }

  /// The reply for this turn's results, or a call for a further ask of the question.
  func answer(_ results: [ToolResult], question: Utterance, context: RuleContext) -> AnswerStep {
    let text = results.map { result in
      wording[result.tool]?.render(result, statusProperty: settings.statusProperty)
        ?? AnswerWording.plain(result.output, skipping: settings.statusProperty)
    }.joined(separator: " ")
    let ran = Set(results.map(\.tool))
    for clause in clauses(of: question) {
      if case .tool(let tool, _) = choose(clause), !ran.contains(tool) {
        return .callOrReply(tool: tool, arguments: arguments(for: tool, question: clause, context: context), reply: text)
      }
    }
    return .reply(text)
  }

  /// Today's weekday by the clock, in UTC, 0 for Sunday.
  public static func weekdayNow() -> Int {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar.component(.weekday, from: Date()) - 1
  }
}

extension LearnedRules.Settings {
  /// A classifier of `examples`, from the cache when one is set.
  func train(_ examples: [LinearClassifier.Example], minimumProbability: Double) -> LinearClassifier {
    guard let cache else {
      return LinearClassifier(examples: examples, features: features, minimumProbability: minimumProbability)
    }
    return LinearClassifier.cached(
      examples: examples, features: features, featuresFingerprint: featuresFingerprint,
      minimumProbability: minimumProbability, cache: cache)
  }
}
