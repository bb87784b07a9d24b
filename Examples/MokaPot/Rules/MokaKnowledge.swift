import RistrettoRules

/// Brewing technique and coffee knowledge a barista answers without looking anything up: tamping,
/// grind size, the water to start with, when to take the pot off the heat, the fill level, the
/// safety valve, gasket care, processing methods, caffeine, species, and off-topic requests.
///
/// A topic answers only a question that asks about it (not a report of a problem with the user's
/// pot, which goes to the brewing advice, and not a request to buy or find something, which goes
/// to the place search). Everything here is general knowledge, so no tool runs.
enum MokaKnowledge {
  /// One topic: whether a question asks about it, and the answer.
  struct Topic: Sendable {
    let name: String
    let asks: @Sendable (_ question: Utterance, _ context: RuleContext) -> Bool
    let answer: @Sendable (_ question: Utterance) -> String
  }

  /// The answer to a knowledge question, or nil when the question needs a tool (or is not one).
  static func answer(_ question: Utterance, _ context: RuleContext) -> String? {
    asked(question, context)?.answer(question)
  }

  /// The topic `question` asks about; a request to buy or find something nearby is never one
  /// (a kettle or a valve to buy is the place search's), unless it is off-topic.
  static func asked(_ question: Utterance, _ context: RuleContext) -> Topic? {
    // (The web asked for by name is the web's: "search the web for the moka's history".)
    if says(question, ["search the web", "search online", "look it up online", "look up online", "google it"]) { return nil }
    let finding = says(question, findWords)
    return topics.first { ($0.name == "offTopic" || !finding) && $0.asks(question, context) }
  }

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

  /// Words that report the pot not brewing at all: a job for the brewing advice.
  static let noFlowWords = [
    "nothing comes", "nothing coming", "nothing came", "no coffee", "doesnt come", "wont come", "not coming", "nothing happens",
    "wont brew", "doesnt brew", "stuck", "no flow",
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

  static let topics: [Topic] =
    [greeting, capabilities, offTopic, poem, openingHot, valve, keepUsing, fillLevel, tamping, grindSize, waterTemperature]
    + [offTheHeat, gasketFitting, gasket, history, name, espressoOrNot, pressure, flameSize, units, coldBrew, aluminium, health]
    + [milkInPot, milkDrinks, howItWorks, handle, partSize, roastInMoka]
    + [
      processes, caffeine, species, peaberry, drinks, roastChoice, roasts, brewTime, halfPot, lid, staleSigns, storage,
      suitsMoka, honeyGrades,
    ]

  /// A greeting or thanks with nothing else in it.
  static let greeting = Topic(
    name: "greeting",
    asks: { question, _ in
      let fillers: Set<String> = [
        "there", "moka", "assistant", "friend", "again", "all", "everyone", "you", "to", "morning", "afternoon", "evening",
        "good", "much", "very", "so", "a", "lot", "lots",
      ]
      let courtesy = Set((MokaAnswers.greetings + MokaAnswers.thanks).flatMap { Utterance($0).words })
      // Or a greeting with a word about the user and no request ("Hello! New to moka here").
      // (Or a new pot or a first time told, asking nothing: "hello! just got my first moka".)
      let statesOnly = MokaIntents.parts(question).allSatisfy { !MokaIntents.isRequest($0) }
      let introduces =
        (question.words.count <= 6 || statesOnly && question.words.count <= 9) && !question.original.contains("?")
        && (MokaVocabulary.problem(in: question) == nil || statesOnly && MokaVocabulary.problem(in: question) == "firstUse")
        && !MokaFollowUps.namesBeanFilter(question)
        && !says(question, findWords + ["bean", "beans", "cupboard", "bag", "bags", "recipe", "brew*", "need", "want", "help"])
        && MokaVocabulary.likes(in: question).isEmpty
      return MokaAnswers.isCourtesy(question)
        && (question.words.allSatisfy { courtesy.contains($0) || fillers.contains($0) } || introduces)
    },
    answer: { question in MokaAnswers.reply(question, [], RuleContext()) })

  /// What the assistant can do, asked with nothing else to act on.
  static let capabilities = Topic(
    name: "capabilities",
    asks: { question, _ in
      says(
        question,
        [
          "what can you do", "what do you do", "who are you", "how does this work", "can you help", "how can you help",
          "what can you help", "what are you", "could you help", "would you help", "help me with my coffee",
        ]) && question.words.count <= 10 && !MokaFollowUps.namesBeanFilter(question)
        && MokaVocabulary.problem(in: question) == nil
        && !says(question, findWords + ["bean", "beans", "decaf*", "cupboard", "bag", "bags", "recipe", "dose", "grind"])
    },
    answer: { question in
      MokaAnswers.opener(question)
        + "I am a moka-pot coffee assistant. I can suggest beans from a reference corpus, check the bags in your cupboard "
        + "(amounts, freshness, what to finish first), help you brew and fix your moka, and find nearby cafes, roasters "
        + "and shops."
    })

  static let offTopic = Topic(
    name: "offTopic",
    asks: { question, _ in
      let elsewhere = [
        "weather", "forecast", "rain", "pizza*", "pasta", "restaurant*", "hotel*", "museum*", "football", "soccer", "train",
        "trains", "bus", "taxi", "movie*", "cinema", "beer", "cocktail*", "sushi", "burger*", "carbonara", "lasagn*", "risotto",
        "green tea", "herbal tea", "matcha", "chai",
        "tea bag*",
        // General-knowledge and chat requests.
        "capital of", "president", "prime minister", "population of", "joke", "poem", "homework", "translate", "bitcoin",
      ]
      let coffee = ["coffee", "moka", "espresso", "bean*", "cafe*", "caffe", "roast*", "bicerin", "cappuccino", "latte"]
      // (A translation or homework is no coffee question, whatever word it is about.)
      return says(question, elsewhere) && !says(question, coffee) || says(question, ["translate*", "translation", "homework"])
    },
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
