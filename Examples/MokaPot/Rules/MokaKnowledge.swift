import Foundation
import RistrettoFixtures
import RistrettoRules

/// Brewing technique and coffee knowledge a barista answers without looking anything up: tamping,
/// grind size, the water to start with, when to take the pot off the heat, the fill level, the
/// safety valve, gasket care, processing methods, caffeine, species, and off-topic requests.
///
/// Which topic a question asks is learned from labelled questions (``MokaTopicClassifier``); only
/// the topics that read the conversation decide in code. Everything here is general knowledge, so
/// no tool runs.
enum MokaKnowledge {
  /// One topic: its name (the label of its questions) and its answer.
  struct Topic: Sendable {
    let name: String
    /// Whether the question asks this topic given the conversation; nil for a topic the labelled
    /// questions teach.
    let asksInContext: (@Sendable (_ question: Utterance, _ context: RuleContext) -> Bool)?
    let answer: @Sendable (_ question: Utterance) -> String

    init(
      name: String, asksInContext: (@Sendable (_ question: Utterance, _ context: RuleContext) -> Bool)? = nil,
      answer: @escaping @Sendable (_ question: Utterance) -> String
    ) {
      (self.name, self.asksInContext, self.answer) = (name, asksInContext, answer)
    }

    /// Whether `question` asks this topic in `context` by the topic's own reading of the conversation.
    func asks(_ question: Utterance, _ context: RuleContext) -> Bool { asksInContext?(question, context) ?? false }
  }

  /// The answer to a knowledge question, or nil when the question needs a tool (or is not one).
  static func answer(_ question: Utterance, _ context: RuleContext) -> String? {
    asked(question, context)?.answer(question)
  }

  /// The topic `question` asks about: one that reads the conversation, else the one the labelled
  /// questions teach.
  static func asked(_ question: Utterance, _ context: RuleContext) -> Topic? {
    if let topic = contextTopics.first(where: { $0.asks(question, context) }) { return topic }
    if let name = MokaTopicClassifier.topic(of: question) { return topicsByName[name] }
    return continued(question, context)
  }

  /// The topic of the question before, when `question` is a short one that asks none of its own and
  /// needs nothing found ("what made it do that?" after the valve hissed), and reading the two
  /// together still asks that topic. Small talk is never continued.
  static func continued(_ question: Utterance, _ context: RuleContext) -> Topic? {
    guard question.words.count <= 8, !says(question, findWords), let earlier = context.earlierQuestions.last,
      let name = MokaTopicClassifier.topic(of: Utterance(earlier)), !["greeting", "capabilities", "offTopic"].contains(name),
      MokaTopicClassifier.topic(of: Utterance(earlier + " " + question.original)) == name
    else { return nil }
    return topicsByName[name]
  }

  /// Every topic by name.
  static let topicsByName = Dictionary(topics.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  /// Topics about beans rather than brewing: routed to the beans specialist.
  static let beanTopics: Set<String> = [
    "processes", "caffeine", "species", "peaberry", "roastChoice", "roasts", "suitsMoka", "honeyGrades",
  ]

  /// Topics that read the conversation (the bean just shown, the pot's trouble earlier): asked after
  /// earlier results, they are answered before a follow-up on those results.
  static let contextTopics: [Topic] = [suitsMoka, keepUsing]

  /// The topic a question asks about, if any (for tests and the grounding).
  static func topic(_ question: Utterance, _ context: RuleContext = RuleContext()) -> String? {
    asked(question, context)?.name
  }

  static func says(_ question: Utterance, _ phrases: [String]) -> Bool {
    if question.matchesAny(phrases) { return true }
    // The same without hedging adverbs ("what exactly is a natural?"), and with chat spellings
    // written out ("wot does natural mean").
    let plain = question.words.filter { !hedges.contains($0) }.map { chatSpellings[$0] ?? $0 }
    return plain != question.words && Utterance(plain.joined(separator: " ")).matchesAny(phrases)
  }

  /// Adverbs that hedge a question without changing what it asks.
  static let hedges: Set<String> = ["exactly", "actually", "really", "even", "basically", "precisely"]

  /// Chat spellings of question words.
  static let chatSpellings = ["wat": "what", "wot": "what", "wht": "what", "whta": "what", "hw": "how", "u": "you", "r": "are"]

  /// Words that ask to buy or find something: a job for the place search, not for knowledge.
  static let findWords = [
    "where", "buy", "sell*", "shop*", "store", "stock*", "near", "nearby", "nearest", "nearer", "get a new", "get one",
    "get another", "order", "need a new",
    "need new",
    "replacement", "spare", "open now", "open right now", "open today", "still open", "whats open", "opening hours", "anywhere",
    "somewhere", "wheres", "sold",
    "online",
    "link",
  ]

  /// Whether the text asks something (rather than reports what the user did).
  static func isQuestion(_ question: Utterance) -> Bool {
    let openers = [
      "should", "do", "does", "can", "could", "is", "are", "how", "what", "whats", "when", "why", "which", "will", "would", "any",
    ]
    // (Past a filler: "so, what heat…")
    let words = question.words.drop { ["ok", "okay", "so", "well", "and", "hmm", "right", "oh", "but", "also"].contains($0) }
    return question.original.contains("?") || openers.contains(words.first ?? "")
  }

  /// Every topic: those whose answer is written in code, then those whose fixed answer is data.
  static let topics: [Topic] =
    [greeting, capabilities, offTopic, valve, keepUsing, offTheHeat, units, processes, suitsMoka, drinks]
    + writtenAnswers.sorted { $0.key < $1.key }.map { name, text in Topic(name: name, answer: { _ in text }) }

  /// The fixed answers by topic, from the bundled `knowledge.json` (empty only if the package was
  /// built without it, which a test rules out).
  static let writtenAnswers: [String: String] =
    (try? BundledFixtures.data("knowledge.json")).flatMap { try? JSONDecoder().decode([String: String].self, from: $0) }
    ?? [:]

  /// Words that name the pot.
  static let potWords = ["moka", "mokas", "bialetti", "stovetop", "stove top", "caffettiera", "macchinetta"]

  /// A greeting or thanks with nothing else in it.
  static let greeting = Topic(
    name: "greeting",
    answer: { question in MokaAnswers.reply(question, [], RuleContext()) })

  /// What the assistant can do, asked with nothing else to act on.
  static let capabilities = Topic(
    name: "capabilities",
    answer: { question in
      MokaAnswers.opener(question)
        + "I am a moka-pot coffee assistant. I can suggest beans from a reference corpus, check the bags in your cupboard "
        + "(amounts, freshness, what to finish first), help you brew and fix your moka, and find nearby cafes, roasters "
        + "and shops."
    })

  static let offTopic = Topic(
    name: "offTopic",
    answer: { question in
      // The subject named back ("the weather"), so the user knows what was understood.
      let subject = offTopicSubjects.first { says(question, [$0]) }?.replacingOccurrences(of: "*", with: "")
      return "I can't help with " + (subject.map { "\($0) questions" } ?? "that")
        + ": I can only help with moka-pot coffee. I can suggest beans, check your cupboard, "
        + "fix your moka brew, or find nearby cafes, roasters and shops."
    })

  /// Single-word subjects of off-topic questions that read well named back.
  static let offTopicSubjects = [
    "weather", "forecast", "football", "soccer", "train", "bus", "taxi", "movie*", "beer", "pizza*", "pasta", "hotel*",
    "restaurant*", "museum*", "cocktail*", "sushi", "bitcoin", "homework",
  ]
}
