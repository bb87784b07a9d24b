import Ristretto
import RistrettoRules

/// When the rule-based model looks in the user's cupboard, and for which bag and action: owning,
/// amounts and freshness words, a bag named (or named by its bean), a comparison with the
/// reference bean.
extension MokaToolRules {
  static func cupboard(bagNames: NameIndex, tags: MokaTags? = nil) -> ToolRule {
    ToolRule(
      tool: "cupboard",
      triggers: [],
      contextScore: { utterance, context in
        // A bag of the user's named scores 2, or 4 as "my" bag (read from the names' index, not a
        // phrase per bag).
        let named = bagNames.occurrences(in: utterance)
        let mine = named.map { bag in bag.starts.contains { $0 > 0 && utterance.words[$0 - 1] == "my" } ? 4.0 : 2.0 }
        return mine.reduce(0, +) + score(utterance, context, bagNames: bagNames, bagNamed: !named.isEmpty)
      }
    ) { utterance, context in
      arguments(utterance, context, bagNames: bagNames, tags: tags)
    }
  }

  /// The cupboard's score beyond the bags named and its own words: what is asked of a bag, or of the
  /// bags the conversation is about.
  private static func score(_ utterance: Utterance, _ context: RuleContext, bagNames: NameIndex, bagNamed: Bool) -> Double {
    // One of the user's bags named with something to compute or tune about it.
    // (A brewing problem or a recipe asked for is the brewing advice's.)
    // A bag of the user's asked after by name, known or not ("how's my Kona doing?").
    if ownedName(utterance) != nil, utterance.matchesAny(["how is", "hows", "doing", "how much", "fresh*", "still", "left"]) {
      return 3
    }
    // Where a bag came from, to buy it again ("that Huila again: where did it come from?").
    if bagNamed, utterance.matchesAny(["came from", "come from", "where did i", "bought it", "again"]) { return 5 }
    // What the user bought, from where ("what have I bought at the Crocetta?").
    if asksWhatWasBought(utterance) { return 6 }
    // A question in parts that first asks what the cupboard holds is answered in that order.
    if listsFirst(utterance) { return 9 }
    // What to brew today: one of the user's bags.
    if utterance.matchesAny(["what should i brew", "what can i brew", "which should i brew", "what to brew", "which to brew"]
    ),
      MokaToolRules.cups(in: utterance) == nil, MokaVocabulary.problem(in: utterance) == nil
    {
      return 5
    }
    // Enough coffee for a number of brews ("enough for a week of two pots a day?"): the bags'.
    if utterance.matchesAny(["enough", "last"]), MokaCupboardAnswers.brewsWanted(utterance) != nil,
      utterance.matchesAny(["have i got", "do i have", "ive got", "i have", "my", "at home"])
    {
      return 5
    }
    // Brews a bag gives in a pot size ("how many pots does the Santos give me in the 12-cup?").
    if bagNamed, MokaCupboardAnswers.asksBrewCount(utterance) { return 4 }
    // "How is my old Kona bag doing?": a bag of the user's, whatever its name.
    if MokaVocabulary.namesOwnBag(utterance), MokaVocabulary.problem(in: utterance) == nil,
      !utterance.matchesAny(MokaKnowledge.findWords + ["suggest*", "recommend*", "similar", "alternative"])
    {
      return 3
    }
    let about = [
      "left", "remaining", "how much", "enough", "last me", "will it last", "fresh*", "stale", "old", "oldest", "dial*",
      "any good", "still good", "fad*", "the last of", "can i do", "can i make", "could i do", "could i make",
    ]
    if bagNamed, MokaVocabulary.problem(in: utterance) == nil,
      utterance.matchesAny(about) || MokaCupboardAnswers.brewsWanted(utterance) != nil
    {
      return 3
    }
    // A taste problem blamed on the bag's age ("my Santos tastes bitter: is it too old?"): its age first.
    let age = ["too old", "is it old", "stale", "past its best", "expired", "too fresh"]
    if bagNamed, utterance.matchesAny(age) { return 5 }
    // "How does my Kona compare?", whatever bags are known (the cupboard may be unreadable).
    if ownedName(utterance) != nil, utterance.matchesAny(["compare", "reference"]) { return 4 }
    // Which of the user's bags to use for something ("which of my bags suits a cold brew?").
    let which = ["which of my bags", "which of my coffees", "which bag should", "which of my beans"]
    if utterance.matchesAny(which) { return 4 }
    // Whether a bag is opened yet ("is the Santos open yet?"): the bag's, not a place's hours.
    if bagNamed, utterance.matchesAny(["open yet", "opened", "unopened", "still sealed", "sealed", "open it"]) { return 4 }
    // How a bag would taste, asked of the bag ("is the Antigua more bitter?"): its roast and age.
    let asksOfBag = ["would", "will", "is", "does", "could"].contains(utterance.words.first ?? "")
    if bagNamed, asksOfBag, utterance.matchesAny(["sour*", "bitter*", "acid*", "sweet*", "taste*", "bright*"]) { return 4 }
    // What the bag the conversation is about should taste like, or how it compares.
    // (Not a bean to buy instead: "recommend a replacement with that profile".)
    if MokaReferences.pointsAtBag(utterance),
      utterance.matchesAny(compareWords),
      MokaReferences.bag(utterance, bagNames: bagNames, context: context) ?? MokaReferences.lastNamedBag(bagNames, context)
        != nil,
      !utterance.matchesAny(["recommend*", "suggest*", "replacement", "instead"])
    {
      return 3
    }
    return MokaReferences.refersBack(utterance) && ["have", "own", "left", "much"].contains(where: utterance.words.contains)
      && MokaReferences.lastKind(context) != nil ? 3 : 0
  }

  /// The cupboard's arguments: the bag named, or the one the conversation points at; the list
  /// when none is.
  private static func arguments(
    _ utterance: Utterance, _ context: RuleContext, bagNames: NameIndex, tags: MokaTags?
  ) -> GeneratedContent {
    // Two bags named: both, from the list. A bag named by its bean ("my pitalito") is that bag.
    let occurrences = bagNames.occurrences(in: utterance)
    let bothNamed = occurrences.count > 1
    let byBean = utterance.words.lazy.compactMap { tags?.bagsByBeanWord[$0] }.first
    // A bag of the user's named by its country, when one bag is from there ("my Colombian bag").
    // ("Anything Colombian in my cupboard?" asks the list.)
    let byCountry =
      utterance.matchesAny(["my", "own", "mine"]) && utterance.matchesAny(["bag", "one"])
        && !utterance.matchesAny(["any", "anything"])
      ? MokaVocabulary.origin(in: utterance).flatMap { tags?.bagsByCountry[$0] }.flatMap { $0.count == 1 ? $0.first : nil }
      : nil
    // A bag named (or named by its bean) beats one that "it" points back at.
    let named = occurrences.first?.name
    let bag =
      bothNamed
      ? nil
      // (The word before "bag" is the name's head: "my Hawaiian Kona bag" is the Kona.)
      : named ?? byBean ?? byCountry ?? MokaReferences.bag(utterance, bagNames: bagNames, context: context)
        ?? baggedName(utterance)
        ?? ownedName(utterance) ?? (bagNames.isEmpty ? capitalisedName(utterance) : nil)
    let compare = utterance.matchesAny(compareWords)
    // (A kind of bag asked for, "any washed bags?", is the list's: no bag to compare.)
    let kindOnly = bag == nil && !bothNamed && MokaCupboardAnswers.kindAsked(utterance) != nil
    // A question in parts whose first asks what the cupboard holds lists it ("what's in my
    // cupboard, and how do I brew the Santos?").
    // (And where the bags came from, or "one of those" with no bag named, is the list too.)
    let fromPlaces =
      utterance.matchesAny(["came from", "bought from", "bought at", "roasted by", "from one of"]) && named == nil
      && byBean == nil
    let oneOfShown = utterance.matchesAny(["one of those", "one of them", "one of these"]) && named == nil && byBean == nil
    if listsFirst(utterance) || fromPlaces || oneOfShown {
      return GeneratedContent(properties: ["action": "list", "bag": String?.none])
    }
    // Two bags each compared with its reference: the first named now, the other after it.
    if bothNamed, compare, let first = occurrences.min(by: { ($0.starts.first ?? .max) < ($1.starts.first ?? .max) }) {
      return GeneratedContent(properties: ["action": "compare", "bag": first.name])
    }
    // (A comparison with no bag to compare, "is any bag of mine a match?", is the list's.)
    let action = compare && !kindOnly && bag != nil ? "compare" : bag == nil ? "list" : "detail"
    // The pot size and brews a day the tool counts in: the question's, or the conversation's pot.
    return GeneratedContent(properties: [
      "action": action, "bag": bag, "cups": MokaReferences.potSize(utterance, context),
      "brewsPerDay": MokaCupboardAnswers.brewsPerDay(utterance), "brews": MokaCupboardAnswers.brewsWanted(utterance),
    ])
  }

  /// Whether a question in parts first asks what the cupboard holds ("what's in my cupboard, and…").
  static func listsFirst(_ utterance: Utterance) -> Bool {
    let parts = MokaIntents.parts(utterance)
    guard parts.count >= 2 else { return false }
    let head = parts[0]
    return head.matchesAny(["whats in", "what is in", "what do i have", "what have i got", "list my", "show my", "my bags"])
      && !MokaFollowUps.namesBeanFilter(head)
  }

  /// Words that ask how a bag compares with its reference bean, or what that bean is.
  static let compareWords = [
    "compare", "reference", "profile", "versus", "vs", "differ", "supposed to taste", "should taste", "meant to",
    "tasting notes", "taste like", "notes", "same as", "the same", "one of those", "one of them", "one of these", "match*",
    "database", "corpus",
    // What the bag's bean is: its reference's process, roast and origin.
    "process", "processed", "washed", "natural", "honey process", "made of", "whats in it", "what is in it", "blend of",
    "what roast", "how dark", "roast level", "grown", "where is it from", "origin", "stack up", "supposed to be",
    "meant to be", "should be like",
  ]

  /// A capitalised name after "my" ("my Huila"), for a cupboard whose bag names are not known.
  static func ownedName(_ utterance: Utterance) -> String? {
    let tokens = utterance.original.split(whereSeparator: { !$0.isLetter })
    for (index, token) in tokens.enumerated().dropLast() where token.lowercased() == "my" {
      let next = tokens[index + 1]
      if let first = next.first, first.isUppercase, next.count > 2 { return String(next) }
    }
    return nil
  }

  /// A capitalised word inside the question that names no origin or kind of coffee ("how much
  /// Kochere is left?"), for a cupboard whose bag names are not known.
  static func capitalisedName(_ utterance: Utterance) -> String? {
    let tokens = utterance.original.split(whereSeparator: { !$0.isLetter })
    return tokens.dropFirst().first { token in
      guard let first = token.first, first.isUppercase, token.count > 2, token != "I" else { return false }
      let word = Utterance(String(token))
      return MokaVocabulary.namedOrigins(in: word).isEmpty && MokaVocabulary.roast(in: word) == nil
        && MokaVocabulary.process(in: word) == nil && !MokaKnowledge.says(word, MokaKnowledge.potWords)
    }.map(String.init)
  }

  /// The word before "bag" that names it ("the yemen bag", "my bourbon bag"), for a bag the
  /// cupboard may not hold: asked for by name, so the answer can say it is not there.
  static func baggedName(_ utterance: Utterance) -> String? {
    let words = utterance.words
    let generic: Set<String> = [
      "my", "the", "a", "an", "this", "that", "which", "each", "every", "one", "new", "old", "open", "opened", "unopened",
      "whole", "coffee", "bean", "beans", "full", "empty", "last", "first", "next", "other", "oldest", "newest", "any", "of",
      "g", "kg", "half", "big", "small", "same", "your", "its", "what", "paper", "sealed", "fresh", "stale", "ground", "per", "a",
      // A kind of bag, not a name ("a natural process bag", "a dark roast bag").
      "process", "roast", "light", "medium", "dark", "decaf",
      // A comparison between bags ("a fresher bag", "a bigger bag").
      "fresher", "older", "newer", "bigger", "smaller", "fuller", "lighter", "darker", "better", "another", "different",
    ]
    for (index, word) in words.enumerated().dropFirst() where ["bag", "pack", "packet"].contains(word) {
      let name = words[index - 1]
      // Superlatives, participles and adverbs describe a bag rather than name it ("freshest", "roasted").
      let describes = ["est", "ed", "ly"].contains(where: name.hasSuffix)
      guard name.count > 2, !generic.contains(name), !describes, Int(name.filter(\.isNumber)) == nil else { continue }
      return name.prefix(1).uppercased() + name.dropFirst()
    }
    return nil
  }

  /// What the user bought, from where or when ("what have I bought at the Crocetta?"): their bags.
  static func asksWhatWasBought(_ utterance: Utterance) -> Bool {
    // (Where it was bought is a place: "where was it bought?")
    utterance.matchesAny(["what did i buy", "what have i bought", "which did i buy", "what i bought", "which bags did i buy"])
      // (Or which roaster, how often: "which roaster have I bought from most?")
      || utterance.matchesAny(["have i bought", "did i buy", "i bought from", "i buy from", "i bought most"])
        && utterance.matchesAny(["most", "how many", "how often", "which roaster", "which shop"])
        && !utterance.matchesAny(["where", "open", "near*", "today", "again"])
  }
}
