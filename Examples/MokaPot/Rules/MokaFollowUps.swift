import Ristretto
import RistrettoRules

/// Follow-up questions that the previous turn's tool output already answers: picking one of the
/// beans, bags or places just listed, filtering them, or asking one of their properties.
///
/// A follow-up is a question that points back ("those", "it", "which one") or a short one that
/// asks a property of what was just shown (the origin of the beans, the closing time of the
/// places) without naming anything new. Words that ask for another tool's job end it: buying after beans, brewing advice
/// after bags, owning after places.
enum MokaFollowUps {
  /// Words that ask for another tool than a bean search (owning, buying, brewing), or for a new search.
  static let notAboutBeans = [
    "have", "own", "left", "buy", "where", "wheres", "whered", "near", "brew*", "shop", "store", "order", "cupboard", "make",
    "grind", "more",
    "show me", "find", "recommend", "suggest", "give me", "similar", "other", "others", "another", "else", "instead",
    "replace", "at home", "ive got", "i have",
  ]
  /// Words that ask for another tool than the cupboard (buying, brewing advice), or for a new look-up.
  static let notAboutBags = [
    "buy", "where", "wheres", "whered", "near", "nearby", "nearest", "nearer", "shop", "store", "order", "grind", "recipe",
    "how do i", "how should i",
    "similar", "other", "another", "else", "instead", "replace", "recommend", "suggest", "compare", "reference", "profile",
    "versus", "vs", "differ*", "same bean", "goes in", "go in", "put in", "dose", "water", "how much coffee", "tips",
    "how to brew",
    "how do i brew", "how should i brew", "brewing",
  ]
  /// Words that ask whether a bag is still good to use.
  static let stillGood = [
    "still worth", "worth brewing", "worth using", "still good", "still ok", "still okay", "still usable", "still fine",
    "gone off", "gone stale",
  ]
  /// Words that ask for another tool than the place search, or for a new search.
  static let notAboutPlaces = [
    "have", "own", "cupboard", "brew*", "grind", "recipe", "else", "other", "another", "instead", "sell*", "buy", "bean",
    "beans", "find", "any place", "anywhere", "somewhere",
  ]

  static func answer(_ question: Utterance, _ context: RuleContext) -> String? {
    answer(question, context, placeNames: NameIndex([]))
  }

  /// The follow-up answer, with the names of every place of the data: a place named that the
  /// newest search did not show asks for a new search ("and when does Casa Moka open?").
  static func answer(_ question: Utterance, _ context: RuleContext, placeNames: NameIndex) -> String? {
    // Knowledge that reads the conversation ("can I go on brewing with it?") comes first.
    if MokaKnowledge.asked(question, context) != nil, MokaKnowledge.contextTopics.contains(where: { $0.asks(question, context) })
    {
      return nil
    }
    // A brewing problem is a question for the brewing advice, whatever came before; but how acidic
    // the beans just shown are is a property of theirs ("is that one very acidic?").
    let aboutAcidity =
      MokaReferences.lastKind(context) == "beans" && MokaReferences.refersBack(question)
      && ["acidic", "acidity", "acid"].contains(where: question.words.contains)
    let problem = MokaVocabulary.problem(in: question)
    // More on cleaning just advised on ("and is bleach ok?"), for no other pot: that advice, from its
    // output. (A symptom told again, "still weak after that", asks for advice anew.)
    if let advice = context.earlierResults.last, advice.tool == "brewAdvice", problem == "cleaning",
      MokaAnswers.string(advice.arguments, "problem") == "cleaning",
      !question.matchesAny(MokaKnowledge.findWords + ["buy", "get one", "get a"]),
      MokaToolRules.cups(in: question) == nil, let fix = MokaAnswers.string(advice.output, "fix")
    {
      return fix
    }
    guard problem == nil || aboutAcidity else { return nil }
    let pointsBack = MokaReferences.refersBack(question)
    let short = question.words.count <= 5
    switch MokaReferences.lastKind(context) {
    case "beans"?:
      let beans = MokaReferences.lastBeans(context)
      // Prices of the beans shown compared: the data has none, whatever the wording (unless the web
      // is asked). (One price asked, "how much does it cost?", is the web's.)
      if MokaVocabulary.mentionsPrice(question), MokaVocabulary.comparesPrices(question),
        !question.matchesAny(["look up", "look it up", "online", "web", "search", "google"])
      {
        return aboutBeans(question, beans)
      }
      if MokaVocabulary.mentionsPrice(question) { return nil }
      // "Which of those has more body / is the most floral?": ranked on what was shown.
      // ("Which is the fruitiest, then?" asks the same without a pointer.)
      let whichMost =
        question.words.contains("which") && question.words.count <= 8
        && question.words.contains { ["most", "least"].contains($0) || $0.count > 5 && $0.hasSuffix("est") }
      if pointsBack || short || whichMost, let ranked = ranked(question, beans) { return ranked }
      // ("Tell me more about the first" asks about it, not for more beans.)
      let tellMore = question.matchesAny(["tell me more", "more about", "more info", "more details"])
      let blocking = tellMore ? notAboutBeans.filter { $0 != "more" } : notAboutBeans
      guard !question.matchesAny(blocking), pointsBack || (short && asksAboutBean(question) && !namesBeanFilter(question))
      else {
        return nil
      }
      return aboutBeans(question, beans, referents: MokaReferences.referents(beans, in: context))
    case "bags"?:
      // How much of a bag a pot size takes is the recipe's dose ("and for the 2-cup, how much of it?").
      if MokaToolRules.cups(in: question) != nil, question.matchesAny(["how much", "dose", "how many grams"]),
        !question.matchesAny(["left", "enough", "last", "have", "remaining", "need"])
      {
        return nil
      }
      // ("and with the 2-cup, then?" right after a count of brews is that count again.)
      let recount = asksCountAgain(question, context) && MokaToolRules.cups(in: question) != nil
      // Whether it is still worth brewing asks the bag's freshness, whatever brewing word it uses;
      // getting more from its roaster is a visit to the roaster.
      let freshness = question.matchesAny(stillGood)
      guard recount || freshness || !question.matchesAny(notAboutBags), !MokaToolRules.asksForABagsRoaster(question),
        case let bags = MokaReferences.lastTurnsBags(context), !bags.isEmpty
      else {
        return nil
      }
      let output = GeneratedContent(properties: ["bags": bags])
      return aboutBags(question, output, pointsBack: pointsBack, short: short, context: context)
    case "places"?:
      let places = MokaReferences.lastPlaces(context)
      // (A place named that the search did not list is a new search; one it listed may be named
      // with a typo or in the possessive.)
      let names =
        !MokaReferences.named(in: question, among: places).isEmpty
        || !MokaPlaceFollowUps.named(in: question, places).isEmpty
      let namesOther = placeNames.anyNamed(in: question)
      guard names || !namesOther else { return nil }
      // A day or a time the places shown were not searched for ("and on Monday?"): a new search.
      let (day, time) = MokaToolRules.dayAndTime(question)
      if day != nil || time != nil,
        !places.allSatisfy({ MokaAnswers.string($0, "day")?.lowercased() == day && MokaAnswers.string($0, "time") == time })
      {
        return nil
      }
      // "Do they sell beans too?", "do they have grinders?": from what the place's entry lists.
      if let sells = MokaPlaceFollowUps.sellsAnswer(question, places, context) { return sells }
      // "The cafe", "the shop", "there": the place just shown, as a pointer would.
      let definite = question.matchesAny(MokaPlaceFollowUps.definiteReferences)
      // Without a pointer, naming a kind of place or an item is a new search ("any cafe open now?").
      let newSubject = !pointsBack && !definite && question.matchesAny(MokaPlaceFollowUps.subjects)
      // (What the app knows is no question about the places: "is warm water better?")
      // (Nor a dose: "when it comes, how much coffee goes in?")
      guard !question.matchesAny(notAboutPlaces), !MokaVocabulary.asksDose(question), !newSubject,
        pointsBack || short || names || definite,
        names || MokaKnowledge.asked(question, context) == nil
      else { return nil }
      return MokaPlaceFollowUps.answer(question, places, context)
    default:
      return nil
    }
  }

  /// Words that ask about a property of a bean.
  static let beanProperties = [
    "process", "processed", "region", "country", "countries", "origin", "from where", "where is it from", "where from",
    "grown", "taste", "tastes", "notes", "flavour", "flavor", "flavours", "flavors", "body", "acidity", "acidic",
    "how dark", "how light", "roast level", "what roast", "roasted", "producer", "describe", "tell me more", "more about",
    "what is it", "like", "difference", "differ", "compare",
  ]

  static func asksAboutBean(_ question: Utterance) -> Bool {
    beanProperties.contains { question.matches(Phrase($0, fuzzy: false)) }
  }

  /// Whether the question names a roast, process, origin or flavour (a filter, or a new search).
  static func namesBeanFilter(_ question: Utterance) -> Bool {
    MokaVocabulary.roast(in: question) != nil || MokaVocabulary.process(in: question) != nil
      || MokaVocabulary.origin(in: question) != nil || !MokaVocabulary.flavours(in: question).isEmpty
  }

  static func aboutBeans(_ question: Utterance, _ beans: [GeneratedContent], referents: [GeneratedContent] = []) -> String? {
    guard !beans.isEmpty else { return nil }
    let names = beans.compactMap { MokaAnswers.string($0, "name") }
    if MokaVocabulary.mentionsPrice(question) {
      return MokaAnswers.noPrices + " Those beans were: " + MokaAnswers.list(names) + "."
    }
    if MokaVocabulary.wantsDecaf(question) {
      // None of them: a new search with the earlier filters and decaf serves better than a "no".
      let decaf = beans.filter { (MokaAnswers.string($0, "name") ?? "").lowercased().contains("decaf") }
      guard !decaf.isEmpty else { return nil }
      return MokaAnswers.list(decaf.compactMap { MokaAnswers.string($0, "name") }) + " is decaf."
    }
    if namesBeanFilter(question) {
      // Of those, the ones with that roast or process; none fits, or an origin or flavour: a new search.
      return filter(question, beans)
    }
    let selects = MokaReferences.selectors.contains { selector in
      selector.phrases.contains { question.matches(Phrase($0, fuzzy: false)) }
    }
    guard selects || asksAboutBean(question) else { return nil }
    if let bean = MokaReferences.selectBean(question, from: beans) { return "Of those: " + MokaAnswers.beanLine(bean) + "." }
    // A property of the ones the conversation singled out, or of all of them ("what process are they?").
    guard asksAboutBean(question) else { return nil }
    return "Of those: " + (referents.isEmpty ? beans : referents).map(MokaAnswers.beanLine).joined(separator: "; ") + "."
  }

  /// The bean of `beans` that has the most (or least) of what the question compares: body,
  /// acidity, sweetness or a flavour family ("which has the fullest body?", "the most
  /// floral?"); nil when it compares nothing or fewer than two beans were shown.
  static func ranked(_ question: Utterance, _ beans: [GeneratedContent]) -> String? {
    guard beans.count > 1 else { return nil }
    let least = question.matchesAny([
      "least", "less", "lowest", "lower", "lighter bodied", "milder", "mildest", "gentler", "gentlest",
    ])
    let compares =
      least || question.matchesAny(["most", "more", "highest", "higher"])
      || question.words.contains { $0.count > 5 && ($0.hasSuffix("est") || $0.hasSuffix("ier") || $0.hasSuffix("er")) }
    guard compares else { return nil }
    // "Which of those is the darkest?": by roast, when one of them is at that end of the scale;
    // else a new search serves better (nil). ("But darker" asks for more, not a pick.)
    // ("The least dark" is the lightest; "the least light" the darkest.)
    let rankedRoast = question.matchesAny(["most dark", "least dark", "most light", "least light"])
    let picksByRoast =
      question.matchesAny(["darkest", "lightest"]) || rankedRoast
      || question.matchesAny(["darker", "lighter"]) && question.matchesAny(["which", "of those", "of the two", "of them"])
    if picksByRoast {
      let order = ["light": 0, "medium": 1, "dark": 2]
      let darkest = question.matchesAny(["darkest", "darker", "most dark", "least light"])
      let level = { (bean: GeneratedContent) in order[MokaAnswers.string(bean, "roast") ?? ""] ?? 1 }
      let pick = darkest ? beans.max(by: { level($0) < level($1) }) : beans.min(by: { level($0) < level($1) })
      guard let pick, rankedRoast || level(pick) == (darkest ? 2 : 0), beans.filter({ level($0) == level(pick) }).count == 1
      else {
        return nil
      }
      return "Of those, the \(darkest ? "darkest" : "lightest") roast is " + MokaAnswers.beanLine(pick) + "."
    }
    let attributes: [(words: [String], key: String, label: String)] = [
      (["body", "bodied", "heavier", "heaviest", "fuller", "fullest", "thicker"], "body", "body"),
      (["acid*", "bright*", "tangier", "tangiest", "milder", "mildest", "gentler", "gentlest"], "acidity", "acidity"),
      (["sweet*"], "sweetness", "sweetness"),
    ]
    var score: ((GeneratedContent) -> Int)?
    var label = ""
    if let attribute = attributes.first(where: { question.matchesAny($0.words) }) {
      score = { MokaAnswers.int($0, attribute.key) }
      label = attribute.label
      // "Milder" and "gentler" ask for the least acidity.
      if question.matchesAny(["milder", "mildest", "gentler", "gentlest"]) { score = { -MokaAnswers.int($0, attribute.key) } }
    } else if let note = MokaVocabulary.flavours(in: question).first {
      let members = FlavourFamily.members(of: note)
      score = { bean in MokaAnswers.strings(bean, "notes").filter { tasted in members.contains { tasted.contains($0) } }.count }
      label = "\(note) notes"
    }
    guard let score else { return nil }
    let pick = least ? beans.min { score($0) < score($1) } : beans.max { score($0) < score($1) }
    guard let pick else { return nil }
    // Level at the top: say so rather than pick one.
    let tied = beans.filter { score($0) == score(pick) }
    if tied.count > 1 {
      let level = tied.count == beans.count ? "All of those have the same" : "Those have the same"
      return "\(level) \(label), level with each other: " + tied.map(MokaAnswers.beanLine).joined(separator: "; ") + "."
    }
    return "Of those, the one with the \(least ? "least" : "most") \(label) is " + MokaAnswers.beanLine(pick) + "."
  }

  /// Words that turn a filter around ("any of them not a natural?").
  static let negations = ["not", "isnt", "arent", "non", "without", "except", "no"]

  /// "Which of those is a light roast / washed / not dark / has cinnamon?": the beans with (or
  /// without) that roast, process or note; nil when the question names none of these, or none of
  /// the beans fits (a new search with the earlier filters and this one serves better than a "no").
  static func filter(_ question: Utterance, _ beans: [GeneratedContent]) -> String? {
    let negated = negations.contains(where: question.words.contains)
    // Negated, the roast named is the one to leave out ("which isn't dark?"), not the one
    // MokaVocabulary.roast reads as wanted instead ("not too dark" → medium).
    let named = MokaVocabulary.roasts.first { question.matchesAny($0.words) }?.roast
    let roast = negated ? named : MokaVocabulary.roast(in: question)
    let process = MokaVocabulary.process(in: question).map { ["wetHulled": "wet-hulled", "semiWashed": "semi-washed"][$0] ?? $0 }
    // A note named, unless it is the process's own word ("the honey one").
    let note = MokaVocabulary.flavours(in: question).first { note in process.map { !$0.hasPrefix(note) } ?? true }
    // An origin of those ("the one from Peru among them?"): its country or region.
    // (Not a bag of the user's that may be one of them: "maybe my Santos is among them".)
    // ("The Peruvian one" is one of those too.)
    let origin =
      question.matchesAny(["from", "which", "one", "ones"]) && !question.words.contains("my")
      ? MokaVocabulary.origin(in: question) : nil
    guard roast != nil || process != nil || note != nil || origin != nil, beans.count > 1 else { return nil }
    let matching = beans.filter { bean in
      let tasted = MokaAnswers.strings(bean, "notes").map { $0.lowercased() }
      let fits =
        (roast.map { MokaAnswers.string(bean, "roast") == $0 } ?? true)
        && (process.map { MokaAnswers.string(bean, "process") == $0 } ?? true)
        && (note.map { note in tasted.contains { tasted in FlavourFamily.members(of: note).contains(where: tasted.contains) } }
          ?? true)
        && (origin.map { origin in
          [MokaAnswers.string(bean, "country"), MokaAnswers.string(bean, "region"), MokaAnswers.string(bean, "name")]
            .contains { $0?.lowercased().contains(origin.lowercased()) == true }
        } ?? true)
      return fits != negated
    }
    let asked = [
      roast.map { "\($0) roast" }, process.map { "\($0) process" }, note.map { "\($0) notes" }, origin.map { "from \($0)" },
    ].compactMap { $0 }
      .joined(separator: ", ")
    guard !matching.isEmpty else { return nil }
    return "Of those, \(negated ? "not " : "")\(asked): " + matching.map(MokaAnswers.beanLine).joined(separator: "; ") + "."
  }

  /// A short "and…" right after a count of brews, asking it again ("and for the larger pot?").
  static func asksCountAgain(_ question: Utterance, _ context: RuleContext) -> Bool {
    question.words.count <= 8 && question.matchesAny(["and", "what about", "how about"])
      && context.earlierQuestions.last.map(Utterance.init).map {
        MokaCupboardAnswers.asksBrewCount($0) || MokaCupboardAnswers.brewsWanted($0) != nil
      } == true
  }

  /// A question about the bags just shown, computed from that same cupboard output.
  static func aboutBags(_ question: Utterance, _ output: GeneratedContent, pointsBack: Bool, short: Bool, context: RuleContext)
    -> String?
  {
    let bags = MokaAnswers.array(output, "bags")
    guard !bags.isEmpty else { return nil }
    // ("Which bag should I open next?", "which has been there longest?" ask among the bags shown,
    // however long.)
    let which =
      question.words.drop { ["and", "so", "ok", "then"].contains($0) }.first == "which"
      || question.matchesAny([
        "which bag", "which one", "which of them", "which of those", "which should", "which do i", "which to",
      ])
    // ("Any good?" asks about one: "any" there counts nothing.)
    let degree = question.matchesAny(["any good", "any better", "any use", "any longer"])
    let plural = ["ones", "bags", "all", "which", "any", "them", "those"].contains { word in
      question.words.contains(word) && !(word == "any" && degree)
    }
    // A bag the question names or singles out ("the oldest"), or that "it" points at: the one
    // the conversation singled out last.
    let named = bags.count > 1 ? MokaReferences.named(in: question, among: bags).first : nil
    var referents = pointsBack && !plural ? MokaReferences.referents(bags, in: context) : []
    // Brews asked right after an answer about one bag stay on it ("and is that enough for two brews?").
    let lastAbout = context.earlierAnswers.last.map { MokaReferences.named(in: Utterance($0), among: bags) } ?? []
    let brewsOfOne =
      referents.isEmpty && !plural && question.words.count <= 8 && question.matchesAny(["enough"]) && lastAbout.count == 1
    if brewsOfOne { referents = lastAbout }
    // "It" after an answer that named several bags: the one the answer led with.
    // (An ordinal counts in the answer's order elsewhere: "is it the third one?")
    let ordinal = ["first", "second", "third", "fourth", "last", "1st", "2nd", "3rd", "4th"].contains(
      where: question.words.contains)
    if referents.isEmpty, !plural, !ordinal, question.words.contains("it"), let answer = context.earlierAnswers.last,
      let lead = MokaReferences.firstNamed(in: answer, among: bags)
    {
      referents = [lead]
    }
    // Whether the one bag shown is still good to use asks about that bag, pointer or not.
    let stillGoodOfOne = bags.count == 1 && question.matchesAny(stillGood)
    if stillGoodOfOne { referents = bags }
    // ("The second one" counts in the order the last answer named them: "oldest first" reorders.)
    let shown = MokaReferences.inOrderNamed(bags, by: context.earlierAnswers.last)
    let singled = named ?? (bags.count > 1 ? MokaReferences.selectBag(question, from: shown) : nil)
    if let bag = singled ?? (referents.count == 1 ? referents.first : nil) {
      guard pointsBack || short || named != nil || stillGoodOfOne || brewsOfOne || which && singled != nil else { return nil }
      return MokaCupboardAnswers.sentence(
        GeneratedContent(properties: ["bags": [bag]]), question, potSize: MokaReferences.potSize(question, context),
        earlierProblem: MokaReferences.tasteProblem(context))
    }
    // A number of brews asked about ("enough for two 3-cup pots?") is computed from the bags shown,
    // and so is "and for the larger pot?" right after such a question.
    let elliptical = asksCountAgain(question, context)
    let brewCount =
      MokaCupboardAnswers.asksBrewCount(question) || MokaCupboardAnswers.brewsWanted(question) != nil || elliptical
    guard pointsBack || short || brewCount || which, MokaCupboardAnswers.asksComputation(question) || brewCount else {
      return nil
    }
    // One bag shown cannot answer for all of them ("which ones are stale?", "the freshest?").
    // (A number of brews is asked of the one bag shown: "enough for my 2-cup?")
    if bags.count == 1, !brewCount, plural || MokaCupboardAnswers.asksComparison(question) { return nil }
    return MokaCupboardAnswers.sentence(
      GeneratedContent(properties: ["bags": bags]), question, potSize: MokaReferences.potSize(question, context))
  }
}
