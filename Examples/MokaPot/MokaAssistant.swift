import Foundation
import Ristretto
import RistrettoFixtures
import RistrettoRules

/// The moka-pot assistant assembled: data, seven tools, four specialties, instructions, rules.
///
/// ```swift
/// let assistant = try MokaAssistant(data: MokaData.load())
/// let chat = assistant.chat(model: assistant.rulesModel)
/// let reply = try await chat.send("Why is my moka pot sputtering?")
/// ```
public struct MokaAssistant: Sendable {
  /// The data the tools read.
  public let data: MokaData
  /// All seven tools.
  public let toolbox: [any Tool]

  /// Assembles the assistant.
  public init(data: MokaData, webSearch: any WebSearchProvider = OfflineWebSearch()) {
    self.data = data
    toolbox = [
      SearchBeansTool(data: data), CupboardTool(data: data), BrewAdviceTool(), TasteQuizTool(),
      WebSearchTool(provider: webSearch), NearbyCafesTool(data: data), OfferChoicesTool(),
    ]
  }

  /// Core instructions and one briefing per tool.
  public var instructions: InstructionSet { MokaInstructions.set }

  /// The rule book of the deterministic backend.
  public var ruleBook: RuleBook {
    let tags = MokaTags(data: data)
    let toolRules = MokaToolRules.rules(tags: tags, bagNames: tags.bags)
    let intents = MokaIntents(rules: toolRules, bagNames: tags.bags)
    return book(
      classifier: MokaRouting(MokaRouter.classifier(tags: tags), data: data, intents: intents, bagNames: tags.bags),
      toolRules: toolRules, tags: tags)
  }

  /// The rule book with routing, tool choice and arguments learned from labelled examples
  /// (``MokaLearning``) in place of the written ones; answers, follow-ups and knowledge stay.
  public func ruleBook(learned: LearnedRules) -> RuleBook {
    let learnedBook = learned.ruleBook
    return book(classifier: learnedBook.classifier, toolRules: learnedBook.toolRules, tags: MokaTags(data: data))
  }

  private func book(classifier: any UtteranceClassifier, toolRules: [ToolRule], tags: MokaTags) -> RuleBook {
    let intents = MokaIntents(rules: toolRules, bagNames: tags.bags)
    var book = RuleBook(
      classifier: classifier, toolRules: toolRules,
      answer: { results, question, context in MokaAnswers.answer(results, question, context, tags: tags, intents: intents) },
      reply: MokaAnswers.reply, statusProperty: "status",
      statusDidNotRun: { $0.hasSuffix("Unavailable") }, unavailableSentence: MokaAnswers.unavailable,
      unavailableFollowUp: "I can still help with anything else about your moka pot.")
    book.followUp = { question, context in MokaFollowUps.answer(question, context, placeNames: tags.placeNames) }
    book.knowledge = MokaKnowledge.answer
    book.glossary = MokaGlossary.glossary(tags)
    // A question of two or more requests calls the tool of the first one first; the answer step
    // calls the others. (A clause that sets a condition, "when it comes, …", asks nothing first.)
    book.firstTool = { question, context in
      intents.intents(question, context: context).first.flatMap { intent in
        ["when", "if", "once", "after", "before", "while", "since"].contains(intent.part.words.first ?? "") ? nil : intent.tool
      }
    }
    return book
  }

  /// The deterministic backend, counting tokens with SmolLM2's tokenizer.
  public var rulesModel: RuleBasedModel {
    get throws { RuleBasedModel(rules: ruleBook, tokenizer: try Self.smolLM2Tokenizer()) }
  }

  /// Starts reading what every assistant shares (SmolLM2's tokenizer, the topic classifier) on
  /// other threads, so a start that reads its data files meanwhile finds them ready.
  public static func preload() {
    _ = loadShared()
  }

  /// Reads the tokenizer and the topic classifier on other threads (each once per process).
  private static func loadShared() -> (tokenizer: Task<BPETokenizer, any Error>, topics: Task<Void, Never>) {
    (Task.detached { try smolLM2Tokenizer() }, Task.detached { _ = MokaTopicClassifier.classifier.labels.count })
  }

  /// The deterministic backend, as ``rulesModel``, its parts read side by side: the tokenizer and
  /// the topic classifier load on other threads while the rule book is built, so a start on two
  /// cores waits for the longest of them rather than for all.
  public func rulesModel(
    contextSize: Int = defaultContextSize, promptRenderer: PromptRenderer = PromptRenderer()
  ) async throws -> RuleBasedModel {
    let (tokenizer, topics) = Self.loadShared()
    let book = ruleBook
    await topics.value
    return RuleBasedModel(
      rules: book, tokenizer: try await tokenizer.value, contextSize: contextSize, promptRenderer: promptRenderer)
  }

  /// The confidence at which a token model's own tool choice stands (`ToolChoiceCascade`); under
  /// it the rules choose.
  ///
  /// Measured on answers-dev with the model choosing alone (`TOOL_THRESHOLD=0 moka-bench answers
  /// --backend llama --set dev`), SmolLM2-135M named the expected tool for 35% of the questions and
  /// Gemma 3 270M for 44%, against 89% for the rules, and at every confidence their choices were
  /// wrong more often than the rules'. So the rules choose every tool (a threshold above 1: the
  /// model is not asked), and the model answers by picking among the grounded statements. Raise a
  /// capable model's share with a threshold in 0...1.
  public static let toolChoiceThreshold = 2.0

  /// A conversation routed by `router` (by default a router on `model`).
  ///
  /// On a token model, tool turns are answered by ``grounding`` (the model picks among statements
  /// the app writes from the tool outputs); pass `grounded: false` for free text. The rule-based
  /// model writes its own answers from the same templates.
  public func chat(
    model: any LanguageModel, router: (any SpecialtyRouter<MokaSpecialty>)? = nil, grounded: Bool? = nil
  ) throws -> SpecialistChat<MokaSpecialty> {
    let grounded = grounded ?? !(model is RuleBasedModel)
    return try SpecialistChat(
      model: model, router: router ?? Router(model: model), toolbox: toolbox, instructions: instructions,
      grounding: grounded ? grounding : nil)
  }

  /// How a token model's tool turns are answered: it picks and orders statements the app wrote.
  public var grounding: Grounding { MokaGrounding.grounding }

  /// The labelled routing sets the rule-based router is trained on.
  public static var routingTrainingSets: [String] { MokaRouter.trainingSets }

  /// The deterministic backend with a router trained only on `sets` (to measure it on a set it has not seen).
  public func rulesModel(trainedOn sets: [String]) throws -> RuleBasedModel {
    var book = ruleBook
    book.classifier = MokaRouting(MokaRouter.classifier(data: data, examples: try MokaRouter.examples(sets: sets)), data: data)
    return RuleBasedModel(rules: book, tokenizer: try Self.smolLM2Tokenizer())
  }

  /// SmolLM2-135M's tokenizer, from the bundled extract (loaded once).
  public static func smolLM2Tokenizer() throws -> BPETokenizer {
    try TokenizerCache.shared.get()
  }
}

/// Loads the bundled tokenizer once per process.
final class TokenizerCache: Sendable {
  static let shared = TokenizerCache()
  private let tokenizer: Result<BPETokenizer, any Error> = Result {
    try BPETokenizer(data: TokenizerData(json: BundledFixtures.data("smollm2-135m.json"), cache: .standard))
  }
  func get() throws -> BPETokenizer { try tokenizer.get() }
}
