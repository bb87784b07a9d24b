import Foundation
import Ristretto
import RistrettoRules

/// How the rule-based model turns moka tool outputs into replies.
enum MokaAnswers {
  static func answer(
    _ results: [ToolResult], _ question: Utterance, _ context: RuleContext, tags: MokaTags? = nil, intents: MokaIntents? = nil
  ) -> AnswerStep {
    if let quiz = results.first(where: { $0.tool == "tasteQuiz" }), quiz.status == "profile",
      !results.contains(where: { $0.tool == "searchBeans" })
    {
      let profile = quiz.output
      return .call(
        tool: "searchBeans",
        arguments: GeneratedContent(properties: [
          "roast": string(profile, "roast"), "notes": string(profile, "note").map { [$0] } ?? [], "limit": 3,
        ]))
    }
    // Two beans of the corpus named ("the Sidama or the Antigua?"): one search for each.
    if let tags, let next = nextNamedRegion(question, results, regions: tags.regions) {
      return .call(tool: "searchBeans", arguments: GeneratedContent(properties: ["origin": next, "limit": 1]))
    }
    // Two bags compared with their references: the other one as well.
    if let tags, let compared = results.first(where: { $0.tool == "cupboard" && string($0.arguments, "action") == "compare" }),
      results.count < RuleBasedModel.maxCallsPerTurn
    {
      let done = results.compactMap { $0.tool == "cupboard" ? string($0.arguments, "bag")?.lowercased() : nil }
      let names = tags.bagNames.filter { question.words.contains($0) && !done.contains($0) }
      if let next = names.sorted().first, string(compared.arguments, "bag") != nil {
        let bag = next.prefix(1).uppercased() + next.dropFirst()
        return .call(tool: "cupboard", arguments: GeneratedContent(properties: ["action": "compare", "bag": bag]))
      }
    }
    // Two countries named ("washed beans from Peru or Ecuador"): the same search for each.
    if let next = nextNamedCountry(question, results) { return .call(tool: "searchBeans", arguments: next) }
    // Brewing advice for the conversation's pot.
    let advice = { (problem: String) in
      GeneratedContent(properties: ["cups": MokaReferences.potSize(question, context) ?? 3, "problem": problem])
    }
    if let bag = results.first(where: { $0.tool == "cupboard" }), bag.status == "ok",
      let problem = MokaVocabulary.problem(in: question), !results.contains(where: { $0.tool == "brewAdvice" })
    {
      return .call(tool: "brewAdvice", arguments: advice(problem))
    }
    // A tool called for one clause of a question of several requests answers that clause; the
    // turn's first tool answers the whole question.
    let requests = intents?.intents(question, context: context) ?? []
    var sentences = results.enumerated().map { index, result in
      // (The cupboard asked first in parts answers its own part: "what's in my cupboard, and…".)
      let listed = index == 0 && result.tool == "cupboard" && MokaToolRules.listsFirst(question)
      let clause = index == 0 && !listed ? nil : requests.first { $0.tool == result.tool }?.part
      return sentence(result, clause ?? question, context: context)
    }
    // Buying more of one of the user's bags: where it came from comes first, in place of the list
    // when it is among the places found and the question asks only for more of that bag ("more of
    // it: where?"), so that "are they open?" is about it.
    if let at = results.firstIndex(where: { $0.tool == "nearbyCafes" }),
      let origin = roasterOfBag(question, context, results[at], bagsNow: results.first { $0.tool == "cupboard" })
    {
      let onlyThatBag =
        MokaReferences.refersBack(question)
        && !question.matchesAny(["near me", "nearby", "today", "open", "which", "any", "other", "else"])
      if origin.found, onlyThatBag { sentences[at] = origin.text } else { sentences.insert(origin.text, at: 0) }
    }
    // A part of the question that asks what the app knows ("…, and how do I fit it myself?"): its answer too.
    if let known = knowledgeOfAPart(question, context) { sentences.append(known) }
    if MokaVocabulary.mentionsPrice(question), results.contains(where: { $0.tool != "webSearch" }) {
      sentences.append(noPrices)
    }
    // Beans just shown or named, to buy nearby: the list knows who sells beans, not which ones.
    let namesBean = tags.map { tags in question.words.contains(where: tags.distinctiveBeanWords.contains) } ?? false
    if let places = results.first(where: { $0.tool == "nearbyCafes" && $0.status == "ok" }),
      string(places.arguments, "need") == "beans",
      MokaReferences.refersBack(question) && MokaReferences.lastKind(context) == "beans" || namesBean
    {
      sentences.append("My list says which places sell beans, not which beans they stock: check with them before you go.")
    }
    // A pot of a size, to buy nearby: the list knows who sells pots, not which sizes.
    if let places = results.first(where: { $0.tool == "nearbyCafes" && $0.status == "ok" }),
      string(places.arguments, "item")?.hasSuffix("moka pot") == true, MokaToolRules.cups(in: question) != nil
    {
      sentences.append("My list says which places sell moka pots, not which sizes they stock: call to check before you go.")
    }
    let text = opener(question) + sentences.joined(separator: " ")
    // "…, and how do I stop it sputtering?": the brewing advice as well.
    if let problem = secondPartProblem(question), !results.contains(where: { $0.tool == "brewAdvice" }) {
      return .callOrReply(tool: "brewAdvice", arguments: advice(problem), reply: text)
    }
    // "…, and how do I brew it in my 6-cup?": the recipe as well.
    if asksRecipeToo(question), !results.contains(where: { $0.tool == "brewAdvice" }) {
      return .callOrReply(tool: "brewAdvice", arguments: advice("none"), reply: text)
    }
    // "…, and where can I buy some nearby?": the place search as well, when this specialist has it.
    if let tags, !results.contains(where: { $0.tool == "nearbyCafes" }), asksWhereToBuyToo(question) {
      let arguments = MokaToolRules.nearbyArguments(question, context: context, tags: tags)
      return .callOrReply(tool: "nearbyCafes", arguments: arguments, reply: text)
    }
    // Any other clause asking for a tool that has not run ("…, and is my Santos still fresh?").
    if let next = intents?.next(requests, results, context) {
      return .callOrReply(tool: next.tool, arguments: next.arguments, reply: text)
    }
    return .reply(text)
  }

  static let noPrices = "The data has no prices, so I could not compare or filter by price."

  /// The answer from knowledge to one part of a question in several parts, a part that asks to
  /// buy or find nothing, read with the parts of the pot the whole question names ("where can I
  /// get a gasket? and how do I put it in?": fitting the gasket).
  static func knowledgeOfAPart(_ question: Utterance, _ context: RuleContext) -> String? {
    let parts = MokaIntents.parts(question, merging: false)
    guard parts.count >= 2 else { return nil }
    let potParts = question.words.filter { ["gasket", "gaskets", "seal", "handle", "valve", "filter", "funnel"].contains($0) }
    for part in parts where !MokaKnowledge.says(part, MokaKnowledge.findWords) {
      let read = Utterance(([part.original] + potParts).joined(separator: " "))
      guard let topic = MokaKnowledge.asked(read, context),
        !["greeting", "offTopic", "capabilities"].contains(topic.name)
      else { continue }
      return topic.answer(read)
    }
    return nil
  }

  /// A corpus region the question names that this turn's searches, made by another named region,
  /// have not covered yet.
  static func nextNamedRegion(_ question: Utterance, _ results: [ToolResult], regions: [String: String]) -> String? {
    var named: [String] = []
    for word in question.words { if let region = regions[word], !named.contains(region) { named.append(region) } }
    let searched = results.filter { $0.tool == "searchBeans" }.compactMap { string($0.arguments, "origin") }
    // (Within the model's calls a turn, so that the answer is still this text when they run out.)
    guard named.count >= 2, results.count < RuleBasedModel.maxCallsPerTurn, searched.contains(where: named.contains)
    else { return nil }
    return named.first { !searched.contains($0) }
  }

  /// The turn's first search again for a second country the question names and no search has
  /// covered ("…from Peru or Ecuador?"), if any.
  static func nextNamedCountry(_ question: Utterance, _ results: [ToolResult]) -> GeneratedContent? {
    let searches = results.filter { $0.tool == "searchBeans" }
    let named = MokaVocabulary.namedOrigins(in: question).filter { $0 != "Blend" }
    let searched = searches.compactMap { string($0.arguments, "origin") }
    guard named.count >= 2, let first = searches.first, results.count < RuleBasedModel.maxCallsPerTurn,
      searched.contains(where: named.contains), let next = named.first(where: { !searched.contains($0) })
    else { return nil }
    let keys = ["origin", "roast", "process", "notes", "decaf", "species", "prefer", "limit"]
    var properties: [String: GeneratedContent] = [:]
    for key in keys { if let value = field(first.arguments, key), value.kind != .null { properties[key] = value } }
    properties["origin"] = GeneratedContent(next)
    return GeneratedContent(kind: .structure(properties: properties, orderedKeys: keys.filter { properties[$0] != nil }))
  }

  /// The warning before a stale index's results.
  static let staleIndex = "The bean index is out of date (indexStale), so this may have changed since"

  /// The brewing problem a question asks about after "and" or "also" ("a decaf, and how do I stop
  /// my pot sputtering?"), if any.
  static func secondPartProblem(_ question: Utterance) -> String? {
    guard let (_, tail) = parts(question) else { return nil }
    guard tail.matchesAny(["how", "fix", "stop", "why", "what do i do", "help"])
    else { return nil }
    return MokaVocabulary.problem(in: tail)
  }

  /// Whether a question asks, after "and" or "also", for a recipe or how to brew ("…, and the recipe
  /// for a 2-cup pot?").
  static func asksRecipeToo(_ question: Utterance) -> Bool {
    guard let (_, tail) = parts(question) else { return false }
    return tail.matchesAny(MokaToolRules.recipeWords)
  }

  /// A question in two parts, split at its last "and", "also" or "plus".
  static func parts(_ question: Utterance) -> (head: Utterance, tail: Utterance)? {
    let words = question.words
    guard let join = words.lastIndex(where: { ["and", "also", "plus"].contains($0) }), join > 1 else { return nil }
    let head = words[..<join].filter { !["and", "also", "plus"].contains($0) }
    return (Utterance(head.joined(separator: " ")), Utterance(words[(join + 1)...].joined(separator: " ")))
  }

  /// Whether a question asks, after "and" or "also", where to buy or find something nearby.
  static func asksWhereToBuyToo(_ question: Utterance) -> Bool {
    guard let (_, tail) = parts(question) else { return false }
    return tail.matchesAny([
      "where can i", "where could i", "where do i", "where to", "where should i", "near me", "nearby", "around here",
      "close by", "which shop", "which cafe", "a shop", "a cafe", "somewhere", "anywhere", "any shop", "any cafe", "a roaster",
      "any roaster", "open now", "open today", "are they open", "is it open", "are they still open",
    ])
  }

  /// For a place search about buying more of one of the user's bags ("where can I get more of
  /// it?"): the bag's roaster, and whether it is among the places found.
  /// `bagsNow` is this turn's cupboard look-up, if any ("who roasted my Huila, and are they open?").
  static func roasterOfBag(
    _ question: Utterance, _ context: RuleContext, _ result: ToolResult, bagsNow: ToolResult? = nil
  ) -> (text: String, found: Bool)? {
    guard let bag = bagBoughtAgain(question, context, bagsNow: bagsNow), let name = string(bag, "name"),
      let roaster = string(bag, "roaster")
    else { return nil }
    let place = array(result.output, "places").first {
      MokaPlaceFollowUps.mentions(Utterance(roaster), name: string($0, "name") ?? "")
    }
    guard let place else {
      return ("Your \(name) came from \(roaster), which is not among the nearest places I found.", false)
    }
    return ("Your \(name) came from \(roaster): " + placeLine(place) + ".", true)
  }

  /// The bag of the user's that a question about buying more points at ("where can I get more of
  /// it?"): the one named, singled out, or the only one shown.
  static func bagBoughtAgain(_ question: Utterance, _ context: RuleContext, bagsNow: ToolResult? = nil) -> GeneratedContent? {
    let shownNow = bagsNow.flatMap { $0.status == "ok" ? array($0.output, "bags") : nil } ?? []
    let bags = shownNow.isEmpty ? MokaReferences.lastBags(context) : shownNow
    guard !bags.isEmpty,
      [
        "more", "again", "rebuy", "restock", "another bag", "same", "it", "that one", "refill", "that bag", "this bag", "roasted",
        "its roaster", "the roaster", "roaster",
      ].contains(where: {
        question.matches(Phrase($0, fuzzy: false))
      })
    else { return nil }
    let names = bags.compactMap { string($0, "name") }
    let name =
      MokaReferences.bag(question, bagNames: NameIndex(names), context: context)
      ?? MokaReferences.referents(bags, in: context).first.flatMap { string($0, "name") }
      ?? (bags.count == 1 ? names.first : nil)
    return name.flatMap { name in bags.first { string($0, "name") == name } }
  }

  static func sentence(_ result: ToolResult, _ question: Utterance, context: RuleContext? = nil) -> String {
    let output = result.output
    switch (result.tool, result.status) {
    case ("searchBeans", "ok"):
      // Fewer beans than asked for: say the corpus has only those.
      let count = array(output, "beans").count
      let fewer = MokaVocabulary.resultCount(in: question).map { $0 > count } ?? false
      // (Beans from an origin turned down are left out: "…just not from Kenya".)
      let refused = MokaVocabulary.negatedOrigins(in: question)
      if !refused.isEmpty {
        let kept = array(output, "beans").filter { bean in
          !refused.contains { string(bean, "country") == $0 || (string(bean, "name") ?? "").contains($0) }
        }
        if !kept.isEmpty { return "From the reference corpus: " + kept.map(beanLine).joined(separator: "; ") + "." }
      }
      return (fewer ? "Only \(count == 1 ? "one bean matches" : "\(count) beans match"). " : "") + found(output)
    case ("searchBeans", "indexStale"):
      // The stale index was searched: its results are given, flagged as possibly out of date.
      let found = array(output, "beans").isEmpty ? noMatch(result) : found(output)
      return staleIndex + ": " + found
    case ("searchBeans", "noMatchesInIndex"):
      return noMatch(result)
    case ("cupboard", "ok"):
      if let context, string(result.arguments, "action") == "list",
        let owned = MokaCupboardAnswers.ownsShown(output, question, context)
          ?? MokaCupboardAnswers.fromShownPlaces(output, question, context)
      {
        return owned
      }
      // ("Compare the Huila and the Santos", then "the newer one?": of those two.)
      let asked = context.map { MokaCupboardAnswers.ofTheTwoNamedBefore(question, output, $0) } ?? question
      return MokaCupboardAnswers.sentence(
        output, asked, potSize: context.flatMap { MokaReferences.potSize(question, $0) },
        earlierProblem: context.flatMap(MokaReferences.tasteProblem))
    case ("cupboard", "noSuchBag"):
      let asked = string(result.arguments, "bag").map { "called \($0) " } ?? ""
      return "You have no bag \(asked)in your cupboard. You have: "
        + array(output, "bags").map { string($0, "name") ?? "?" }.joined(separator: ", ") + "."
    case ("cupboard", "cupboardEmpty"):
      return "Your cupboard is empty: no bags are recorded."
    case ("brewAdvice", _):
      var text =
        "For a \(int(output, "cups"))-cup moka pot use \(int(output, "doseGrams")) g of coffee and "
        + "\(int(output, "waterMilliliters")) ml of water. Grind: \(string(output, "grind") ?? ""). Heat: \(string(output, "heat") ?? "")."
      if let fix = string(output, "fix") { text = fix + " " + text }
      return text
    case ("tasteQuiz", "questions"):
      let questions = strings(output, "questions").enumerated().map { "\($0.offset + 1)) \($0.element)" }
      return "Quick taste quiz: " + questions.joined(separator: " ") + " Tell me the flavours you like."
    case ("webSearch", "ok"):
      return "From the web: "
        + array(output, "results").map { "\(string($0, "title") ?? "") — \(string($0, "snippet") ?? "")" }
        .joined(separator: "; ") + "."
    case ("webSearch", "noResults"):
      return "The web search returned no results for that query."
    case ("nearbyCafes", "ok"):
      // A question about places it names is answered about them alone.
      if let named = MokaPlaceFollowUps.aboutNamed(question, array(output, "places")) { return named }
      // Open latest or earliest today: that place first. (Tomorrow's hours are not in the output.)
      if !question.words.contains("tomorrow"), case let picks = MokaPlaceFollowUps.byHours(question, array(output, "places")),
        !picks.isEmpty
      {
        let lead = question.matchesAny(MokaPlaceFollowUps.lateWords) ? "Open latest today" : "Open earliest today"
        return "\(lead): " + picks.map(placeLine).joined(separator: "; ") + "."
      }
      let item = string(result.arguments, "item").map { "Places that sell \($0): " } ?? "Nearby: "
      return item + array(output, "places").map(placeLine).joined(separator: "; ") + "."
    case ("nearbyCafes", "noneOpenNow"):
      let places = array(output, "places")
      let what = string(result.arguments, "item").map { "that sells \($0) " } ?? "that matches "
      guard let first = places.first else { return "No place \(what)is open right now." }
      return "No place \(what)is open right now. The nearest is " + placeLine(first) + "."
    case ("nearbyCafes", "noneNearby"):
      if let item = string(result.arguments, "item") {
        return "No place near you (within 25 km) sells \(item), as far as my list knows."
      }
      if field(result.arguments, "openNow")?.kind == .bool(true) {
        return "None of the places near you that match is open right now; ask without 'open now' to see their hours."
      }
      return "No places near you (within 25 km) match; try asking for any cafe."
    case ("offerChoices", _):
      let options = strings(output, "options")
      return (string(output, "question") ?? "Pick one:") + (options.isEmpty ? "" : " " + options.joined(separator: " · "))
    case ("tasteQuiz", "profile"):
      let parts = [
        string(output, "roast").map { "\($0) roast" }, string(output, "process").map { "\($0) process" },
        string(output, "note").map { "\($0) notes" },
      ].compactMap { $0 }
      return "Your taste profile: " + parts.joined(separator: ", ") + "."
    default:
      return output.jsonString
    }
  }

  /// The beans a search found.
  static func found(_ output: GeneratedContent) -> String {
    "From the reference corpus: " + array(output, "beans").map(beanLine).joined(separator: "; ") + "."
  }

  /// Why a search found nothing: the filters that match no bean, or their combination.
  static func noMatch(_ result: ToolResult) -> String {
    let missing = strings(result.output, "unmatchedFilters")
    let relaxed = strings(result.output, "relaxedFilters")
    if let dropped = relaxed.first, !array(result.output, "beans").isEmpty {
      return "No bean in the reference corpus matches \(filters(result.arguments)) all together. Without the \(dropped): "
        + array(result.output, "beans").map(beanLine).joined(separator: "; ") + "."
    }
    if !missing.isEmpty {
      return "The reference corpus has no bean with " + list(missing.map(filterPhrase))
        + ", so I have nothing to suggest for that."
    }
    return "No bean in the reference corpus matches \(filters(result.arguments)) all together; try fewer filters."
  }

  static func beanLine(_ bean: GeneratedContent) -> String {
    "\(string(bean, "name") ?? "?") (\(string(bean, "origin") ?? "?"); \(string(bean, "process") ?? "") process, "
      + "\(string(bean, "roast") ?? "") roast; notes of \(list(strings(bean, "notes"))); body \(int(bean, "body"))/5, "
      + "acidity \(int(bean, "acidity"))/5)"
  }

  static func placeLine(_ place: GeneratedContent) -> String {
    "\(string(place, "name") ?? "?") (\(string(place, "kind") ?? ""), \(distance(place)), "
      + "\(string(place, "address") ?? ""); "
      + (dayHours(place)
        ?? "today \(string(place, "hoursToday") ?? "?")"
        + (field(place, "openNow")?.kind == .bool(true)
          ? ", open now" : ", closed now" + (string(place, "nextOpening").map { ", next open \($0)" } ?? "")))
      + ")"
  }

  /// The hours of the day a search asked about, and whether the place is open at the time asked
  /// ("Saturday 08:00-13:00, closed at 18:00"); nil when the search asked no day or time.
  static func dayHours(_ place: GeneratedContent) -> String? {
    guard let day = string(place, "day"), let hours = string(place, "hoursOnDay") else { return nil }
    let atTime = string(place, "time").map { time in
      (field(place, "openAtTime")?.kind == .bool(true) ? ", open at " : ", closed at ") + time
    }
    return "\(day) \(hours)" + (atTime ?? "")
  }

  /// "origin Australia" → "origin Australia"; "decaf" → "decaf"; "nut notes" → "nut notes".
  static func filterPhrase(_ label: String) -> String {
    label.hasPrefix("origin ") ? "its origin in " + label.dropFirst(7) : label
  }

  static func unavailable(_ result: ToolResult) -> String {
    let status = result.status ?? "unavailable"
    let reason = string(result.output, "reason").map { " (\($0))" } ?? ""
    switch (result.tool, status) {
    case ("searchBeans", _):
      return "The bean data is unavailable right now\(reason), so the search did not run; try again later."
    case ("cupboard", _):
      return "Your cupboard records are unavailable right now\(reason), so I could not check your bags."
    case ("webSearch", _):
      // A price asked for: the data has none either.
      let price = MokaVocabulary.mentionsPrice(Utterance(string(result.arguments, "query") ?? ""))
      return "Web search is unavailable: I am offline (\(status)), so I could not look that up."
        + (price ? " " + noPrices : "")
    case ("nearbyCafes", "placesUnavailable"):
      return "The list of places is unavailable right now (cafes.json could not be used), so I could not check."
    case ("nearbyCafes", _):
      return "Nearby search is unavailable (\(status)): I do not know where you are. Share a location (moka --location LAT,LON)."
    default: return "\(result.tool) is unavailable right now (\(status)), so it did not run."
    }
  }

  /// A greeting the question opens with, answered in kind ("Ciao! ", "Good morning! "), or "".
  static func opener(_ question: Utterance) -> String {
    let words = question.words
    let greeting = [words.prefix(2).joined(separator: " "), words.first ?? ""].first { greetings.contains($0) }
    return greeting.map { $0.prefix(1).uppercased() + $0.dropFirst() + "! " } ?? ""
  }

  static let greetings = [
    "hi", "hello", "hey", "ciao", "hola", "bonjour", "hallo", "good morning", "buongiorno", "salut", "good evening", "buonasera",
  ]
  static let thanks = [
    "thanks", "thank you", "thx", "grazie", "gracias", "merci", "danke", "cheers", "bye", "goodbye", "see you", "see ya",
  ]

  /// Whether the question is thanks or a greeting.
  static func isCourtesy(_ question: Utterance) -> Bool {
    // ("Morning!" alone greets; "decaf in the evening" does not.)
    question.matchesAny(greetings + thanks)
      || question.words.count <= 3 && ["morning", "evening"].contains(question.words.first ?? "")
  }

  static func reply(_ question: Utterance, _ tools: [String], _ context: RuleContext) -> String {
    if question.matchesAny(thanks), question.words.count <= 4 {
      return "You are welcome. Enjoy your coffee!"
    }
    if question.matchesAny(greetings) || isCourtesy(question) && !question.matchesAny(thanks) || question.words.isEmpty {
      return "Hello! I am your moka-pot assistant: ask me about beans, the bags in your cupboard, brewing, or where to buy."
    }
    if ["thanks", "thank you", "thx", "grazie", "gracias", "merci", "danke", "cheers"].contains(where: {
      question.matches(Phrase($0, fuzzy: false))
    }) {
      return "You are welcome. Enjoy your coffee!"
    }
    if MokaVocabulary.mentionsPrice(question) { return noPrices + " Web search would be needed, and it is offline here." }
    if ["what can you do", "who are you", "help", "what do you do", "how does this work"].contains(where: {
      question.matches(Phrase($0, fuzzy: false))
    }) {
      return "I am a moka-pot coffee assistant. I can suggest beans from a reference corpus, check the bags in your cupboard "
        + "(amounts, freshness, what to finish first), fix your moka brew, and find nearby cafes, roasters and shops."
    }
    return "I can only help with moka-pot coffee: I can suggest beans, check your cupboard, fix your moka brew, "
      + "or find places to buy."
  }

  // MARK: - Reading generated content

  static func field(_ content: GeneratedContent, _ name: String) -> GeneratedContent? {
    if case .structure(let values, _) = content.kind { return values[name] }
    return nil
  }
  static func string(_ content: GeneratedContent, _ name: String) -> String? {
    if case .string(let text)? = field(content, name)?.kind { return text }
    return nil
  }
  static func int(_ content: GeneratedContent, _ name: String) -> Int { optionalInt(content, name) ?? 0 }
  /// The whole number `name` holds; nil when it is absent, `null` or not one.
  static func optionalInt(_ content: GeneratedContent, _ name: String) -> Int? {
    if case .number(let value)? = field(content, name)?.kind { return Int(exactly: value) }
    return nil
  }
  /// A place's distance as a person says it: metres under 1 km ("330 m"), else kilometres ("2.4 km").
  static func distance(_ place: GeneratedContent) -> String {
    guard case .number(let kilometres)? = field(place, "distanceKm")?.kind else { return "?" }
    return kilometres < 1
      ? "\(Int(exactly: (kilometres * 100).rounded()).map { $0 * 10 } ?? 0) m" : "\(GeneratedContent.formatNumber(kilometres)) km"
  }

  static func number(_ content: GeneratedContent, _ name: String) -> String {
    if case .number(let value)? = field(content, name)?.kind { return GeneratedContent.formatNumber(value) }
    return "?"
  }
  static func array(_ content: GeneratedContent, _ name: String) -> [GeneratedContent] {
    if case .array(let items)? = field(content, name)?.kind { return items }
    return []
  }
  static func strings(_ content: GeneratedContent, _ name: String) -> [String] {
    array(content, name).compactMap { if case .string(let text) = $0.kind { text } else { nil } }
  }
  static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
  }
  static func bagLine(_ bag: GeneratedContent) -> String {
    "\(string(bag, "name") ?? "?") (\(string(bag, "bean") ?? "?") from \(string(bag, "roaster") ?? "?")), \(int(bag, "gramsLeft")) g left, roasted "
      + "\(int(bag, "daysSinceRoast")) days ago, \(string(bag, "freshness") ?? "?")"
      + (field(bag, "opened")?.kind == .bool(false) ? ", unopened" : "")
  }
  static func filters(_ arguments: GeneratedContent) -> String {
    var parts = ["origin", "roast", "process"].compactMap { key in string(arguments, key).map { "\(key) \($0)" } }
    parts += strings(arguments, "notes").map { "note \($0)" }
    return parts.isEmpty ? "your request" : parts.joined(separator: ", ")
  }
}

extension ToolResult {
  /// The moka tools' `status` property.
  var status: String? { status("status") }
}
