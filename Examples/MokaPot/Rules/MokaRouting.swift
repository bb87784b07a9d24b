import RistrettoRules

/// The moka router: the learned classifier (``MokaRouter``), overridden in three cases: a question
/// ``MokaKnowledge`` answers goes to general (beans for bean knowledge) unless it names one of the
/// user's bags, clauses that need the tools of two specialists go to general, and a question
/// clearly asking for one tool goes to its specialist when the classifier only leans elsewhere.
struct MokaRouting: UtteranceClassifier {
  let learned: LinearClassifier
  /// The user's bag names, lower-cased: a question naming one is about the cupboard, not a search.
  let bagNames: NameIndex
  /// The requests of a question in several clauses.
  let intents: MokaIntents

  /// `intents` and `bagNames` default to those of the moka tool rules for `data` (pass the rule
  /// book's to share them).
  init(_ learned: LinearClassifier, data: MokaData, intents: MokaIntents? = nil, bagNames: NameIndex? = nil) {
    self.learned = learned
    self.bagNames = bagNames ?? NameIndex((data.cupboard ?? []).map(\.name), forgivingTypos: true)
    self.intents = intents ?? MokaIntents(data: data)
  }

  func classify(_ utterance: Utterance, cases: [String]) -> (answer: String, confidence: Double, scores: [String: Double]) {
    let result = learned.classify(utterance, cases: cases)
    // Knowledge about beans (processes, species, caffeine, roasts) is the beans specialist's; the
    // rest of what is known without a tool is brewing technique or small talk, the general one's.
    // (A bag of the user's named makes it about that bag: the learned router decides.)
    let namesBag = bagNames.anyNamed(in: utterance)
    if !namesBag, let topic = MokaKnowledge.topic(utterance) {
      let specialty = MokaKnowledge.beanTopics.contains(topic) && cases.contains("beans") ? "beans" : "general"
      if cases.contains(specialty) { return (specialty, 1, result.scores) }
    }
    // Clauses that need the tools of two specialists ("a fruity light roast, and a cafe open near me?"): general holds both.
    if cases.contains("general"), intents.spansSpecialists(utterance) { return ("general", 1, result.scores) }
    // (General, the fallback, takes over a conversation only at the chat's switch confidence: under
    // it, it only leans too.)
    let leaningBelow = result.answer == MokaSpecialty.general.rawValue ? Self.generalLeaningBelow : Self.leaningBelow
    if result.confidence < leaningBelow, let owner = ownerOfAskedTool(utterance, leaning: result.answer),
      cases.contains(owner)
    {
      return (owner, 1, result.scores)
    }
    return result
  }

  /// Under this probability the learned router only leans to a specialist: a tool the question
  /// clearly asks for outweighs it.
  static let leaningBelow = 0.6
  /// Under this probability a pick of general only leans: a conversation leaves its specialist for
  /// general only at ``SpecialistChat``'s default switch confidence.
  static let generalLeaningBelow = 0.75
  /// The least tool-rule score of a clear request: a phrase of the tool's own ("where can I buy"),
  /// not a word that may mean something else.
  static let clearRequest = 3.0

  /// The specialist that holds the one tool the question asks for, when the specialist the learned
  /// router leans to lacks it ("and where would I buy more of it?" leaning to the cupboard). The
  /// tool rules read the request itself; the router reads only its likeness to labelled questions.
  /// General, the fallback, counts as lacking every tool here: leaning to it keeps a conversation
  /// with its current specialist. (Never brewing advice: a brewing problem's words also describe
  /// beans, "the least acidic".)
  func ownerOfAskedTool(_ utterance: Utterance, leaning: String) -> String? {
    guard let leaned = MokaSpecialty(rawValue: leaning) else { return nil }
    let asked = intents.toolsAsked(in: utterance, context: RuleContext())
    guard asked.count == 1, let (tool, score) = asked.first, score >= Self.clearRequest, tool != "brewAdvice",
      !leaned.toolNames.contains(tool)
    else { return nil }
    return MokaSpecialty.allCases.first { $0.toolNames.contains(tool) }?.rawValue
  }
}
