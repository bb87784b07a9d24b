import Ristretto
import RistrettoRules

/// When the rule-based model searches for places nearby, and what it asks for: a need, a kind of
/// place, an item to buy, open now.
extension MokaToolRules {
  static func nearbyCafes(tags: MokaTags) -> ToolRule {
    ToolRule(
      tool: "nearbyCafes",
      triggers: []
    ) { utterance, context in
      withDayAndTime(nearbyArguments(utterance, context: context, tags: tags), utterance)
    }
  }

  /// `arguments` with the day and the time of day the question names, read by the library's
  /// readers ("on Saturday", "sabato", "at 6pm", "alle 18"); today alone adds nothing.
  static func withDayAndTime(_ arguments: GeneratedContent, _ utterance: Utterance) -> GeneratedContent {
    guard case .structure(var properties, var keys) = arguments.kind else { return arguments }
    let (day, time) = dayAndTime(utterance)
    if let day { properties["day"] = GeneratedContent(kind: .string(day)) }
    if let time { properties["time"] = GeneratedContent(kind: .string(time)) }
    keys += ["day", "time"].filter { properties[$0] != nil && !keys.contains($0) }
    return GeneratedContent(kind: .structure(properties: properties, orderedKeys: keys))
  }

  /// Whether a short question asks a day or a time ("and on Friday?", "at 7pm instead?"): of the
  /// places just shown, when it follows them.
  static func asksAgainWhen(_ utterance: Utterance) -> Bool {
    guard utterance.words.count < 7 else { return false }
    let (day, time) = dayAndTime(utterance)
    return day != nil || time != nil
  }

  /// The day (`monday`…`sunday`, `tomorrow`) and the time of day (`HH:MM`) a question asks about;
  /// today counts as a day only beside a time.
  static func dayAndTime(_ utterance: Utterance) -> (day: String?, time: String?) {
    let time = ValueReaders.times(in: utterance.original).first
    // (A typo counts only in a long name; a short name only as a word typed alone: "we'd" is no
    // Wednesday.)
    let typed = Set(utterance.original.lowercased().split { !$0.isLetter }.map(String.init))
    let match = ValueReaders.weekdays.bestMatch(in: utterance).flatMap { match -> Gazetteer.Match? in
      let said = utterance.words[match.words].joined(separator: " ")
      if match.edits > 0 { return said.count >= 6 ? match : nil }
      return said.count > 4 || typed.contains(said) ? match : nil
    }
    guard let day = match?.value, day != "today" || time != nil else { return (nil, time) }
    // A part of a day named ("friday evening", "martedì sera"): a time in it.
    let partOfDay = utterance.words.lazy.compactMap { partsOfDay[$0] }.first
    return (day, time ?? partOfDay)
  }

  /// A time in each part of the day, for a day asked by its part.
  static let partsOfDay = ["morning": "09:00", "afternoon": "15:00", "evening": "19:00", "night": "21:00"]

  /// The phrases of the place search that ask where to get something.
  static let wherePhrases = [
    "where can i buy", "where to buy", "where can i get", "where can i find", "where do i buy", "where do i get",
    "where could i", "where would i", "where might i",
  ]

  /// Whether the question opens by asking where to get something: a word for where first (after
  /// "so", "and", "then"…), then within three words a verb of getting ("where'd I get more?",
  /// "so where should we buy one?"). (Where in a clause further on may ask for something second:
  /// "recommend one, and tell me where to buy it".)
  static func asksWhereToGet(_ utterance: Utterance) -> Bool {
    let getting: Set<String> = ["buy", "get", "find", "grab", "purchase", "order", "pick", "source"]
    let whereWords: Set<String> = ["where", "wheres", "whered", "wherell"]
    // ("I'll get a steel one. Where?": where, last, after a verb of getting.)
    if let last = utterance.words.last, whereWords.contains(last), utterance.words.contains(where: getting.contains) {
      return true
    }
    // ("Can I still pick up beans tonight?": whether some place still sells them.)
    if canStillGet(utterance) { return true }
    let words = utterance.words.drop { ["so", "and", "then", "ok", "okay", "but", "well", "now"].contains($0) }
    guard let first = words.first, whereWords.contains(first) else { return false }
    return words.dropFirst().prefix(3).contains(where: getting.contains)
  }

  /// Whether the question asks if something can still be bought ("could I still grab beans?").
  static func canStillGet(_ utterance: Utterance) -> Bool {
    let words = utterance.words
    return words.indices.dropLast().contains { index in
      words[index] == "still" && index > 0 && ["i", "we"].contains(words[index - 1])
        && words[(index + 1)...].prefix(2).contains { ["buy", "get", "grab", "pick", "find", "purchase"].contains($0) }
    }
  }

  static let beanWords = [
    "bean*", "roaster*", "bag of", "decaf*", "bohnen", "grano", "granos", "chicchi", "grains", "whole", "blend", "blends",
    "robusta", "arabica", "single origin*",
  ]
  /// Words for coffee drunk at a place rather than bought to brew.
  /// ("A decaf", one cup of it, is a drink; decaf beans are beans.)
  static let drinkWords = ["drink", "cappuccino*", "latte", "sit", "cup of", "a coffee", "coffee to go", "a decaf"]
  /// Words asking which places are open, as a place search ("who's open?", "anything open nearby?").
  static let openPlacePhrases = [
    "whats open", "anywhere open", "anyone open", "anything open", "somewhere open", "who is open", "whos open",
  ]
  static let nowWords = [
    "now", "right now", "currently", "at the moment", "jetzt", "ahora", "adesso", "maintenant", "still open", "still serving",
  ]

  /// Whether a place search asks for places open now: said so, or "open" with no other time
  /// ("anything open?", "any cafe open near me?"), not a question about hours.
  static func wantsOpenNow(_ utterance: Utterance) -> Bool {
    // (Whether it can "still" be bought: before the places close.)
    if canStillGet(utterance) { return true }
    if utterance.matchesAny(
      nowWords + openPlacePhrases + [
        // The part of the day the user is in: soon, so open now.
        "this morning"
      ])
    {
      return true
    }
    return utterance.words.contains("open") && !utterance.matchesAny(otherTimes)
  }

  /// Words for a time other than now, or that ask when.
  static let otherTimes = [
    "today", "tomorrow", "tonight", "morning", "afternoon", "evening", "weekend", "monday", "tuesday", "wednesday", "thursday",
    "friday", "saturday", "sunday", "when", "what time", "hours", "until", "till", "opens", "opening", "close", "closes",
    "closing", "later", "earliest", "latest",
  ]

  /// A service a place sells, asked for: done for the user ("grind beans for me"), named as a
  /// service or class, or what a place does ("anywhere that grinds beans?").
  static func serviceAsked(_ utterance: Utterance, tags: MokaTags) -> String? {
    guard let service = tags.service(in: utterance) else { return nil }
    if utterance.matchesAny(["for me", "service", "class*", "lesson*", "course*", "learn*", "teach*"]) { return service }
    let words = utterance.words
    let doesIt = words.indices.dropLast().contains { index in
      ["that", "who", "which"].contains(words[index]) && words[index + 1].hasSuffix("s")
        && tags.service(in: Utterance(words[index + 1])) == service
    }
    return doesIt ? service : nil
  }

  /// What to look for nearby; a follow-up about the places just listed keeps that search.
  static func nearbyArguments(_ utterance: Utterance, context: RuleContext, tags: MokaTags) -> GeneratedContent {
    let normalized = " " + utterance.words.map(MokaTags.singular).joined(separator: " ") + " "
    // A service asked for comes before the gear it replaces ("grind beans for me: I have no grinder").
    let service = serviceAsked(utterance, tags: tags)
    // (A pot named as what a part fits is not the item: "a replacement handle for a moka pot".)
    let fitsPot = [" for a ", " for my ", " for the ", " for an "].contains { marker in
      tags.gearWords.contains { part in normalized.contains(" \(part)\(marker)") }
    }
    var item =
      service
      ?? tags.soldTerms.first { term in
        normalized.contains(" \(term) ") && !["bean", "coffee", "espresso"].contains(term)
          && !(fitsPot && term.hasSuffix("pot"))
      }
    // The most specific thing sold that the question names ("an induction-compatible moka pot": the induction one).
    if let found = item {
      let words = Set(utterance.words.map(MokaTags.singular))
      let specific = tags.soldTerms.filter {
        $0 != found && $0.hasSuffix(found) && Utterance($0).words.allSatisfy(words.contains)
      }
      item = specific.max { $0.count < $1.count } ?? found
    }
    // A number before "cup" sizes the pot ("the 9-cup one"), not cups to drink from.
    if item == "cup", MokaToolRules.cups(in: utterance) != nil {
      item = utterance.words.contains("pot") || utterance.words.contains("moka") ? tags.soldTerms.first { $0 == "moka pot" } : nil
    }
    // What people call a gasket ("a spare o-ring", "a new seal").
    if ["rubber ring", "o ring", "seal", "seals", "sealing ring"].contains(where: { utterance.matches(Phrase($0, fuzzy: false)) }
    ),
      let gasket = tags.soldTerms.first(where: { $0.hasSuffix("gasket") })
    {
      item = gasket
    }
    // A kind of moka pot named without "moka pot" ("an induction moka", "an electric pot").
    if item == nil, utterance.words.contains("moka") || utterance.words.contains("pot") {
      item = tags.soldTerms.first { term in
        let kind = Utterance(term).words.filter { !["moka", "pot"].contains($0) }
        return term.hasSuffix("moka pot") && !kind.isEmpty && kind.allSatisfy(utterance.words.contains)
      }
    }
    // A head noun alone (an adapter, a plate) names the gear too.
    if item == nil {
      item = tags.gearWords.sorted().first { normalized.contains(" \($0) ") }
    }
    // Else a distinctive word of something a place sells ("an electric one"); a pot when the
    // question is about replacing the pot itself ("time for a new one, for my induction hob").
    if item == nil {
      let generic: Set<String> = ["coffee", "espresso", "bean", "beans", "pastry", "pastries", "cappuccino", "single", "origin"]
      let candidates = tags.soldTerms.sorted().filter { term in
        Utterance(term).words.contains { $0.count > 5 && !generic.contains($0) && utterance.words.contains($0) }
          && (tags.gearWords.contains { term.hasSuffix($0) } || term.hasSuffix("moka pot"))
      }
      // ("One" stands for the pot the conversation is about: "an electric one".)
      let wantsPot = utterance.matchesAny(["replace", "one", "ones", "pot", "moka"])
      item = (wantsPot ? candidates.first { $0.hasSuffix("moka pot") } : nil) ?? candidates.first
    }
    // "A new one" after brewing advice: the part that the problem wears out ("leaking" → a gasket).
    if item == nil, utterance.matchesAny(["new one", "a spare", "replacement", "another one", "buy one", "get one"]),
      let problem = context.latest("brewAdvice").flatMap({ MokaAnswers.string($0.arguments, "problem") }),
      let part = ["leaking": "gasket", "noFlow": "filter plate", "induction": "induction adapter"][problem]
    {
      item = tags.soldTerms.first { $0.hasSuffix(part) }
    }
    // A pot to buy of no kind named ("a bigger pot"): a moka pot.
    if item == nil, utterance.words.contains(where: { $0 == "pot" || $0 == "pots" }) {
      item = tags.soldTerms.first { $0 == "moka pot" }
    }
    var need = "any"
    var drinkAtCafe = false
    let pot = normalized.contains(" moka pot ") || item?.hasSuffix(" pot") == true
    if item.map({ term in tags.gearWords.contains { term.hasSuffix($0) } }) == true || pot
      || utterance.matchesAny(["new pot", "new moka", "moka shop", "moka store"])
    {
      need = "gear"
    } else if utterance.matchesAny(drinkWords)
      || MokaVocabulary.wantsDecaf(utterance) && MokaPlaceFollowUps.kindAsked(utterance) == "cafe",
      !utterance.matchesAny(beanWords.filter { $0 != "decaf*" })
    {
      // A drink to have there ("a decaf latte to sit with", "a cup of decaf in town"), or decaf
      // asked of a cafe: a cafe's coffee, decaf if asked (a shop's decaf is beans to take home).
      need = "espresso"
      if MokaVocabulary.wantsDecaf(utterance) { (item, drinkAtCafe) = ("decaf", true) }
    } else if utterance.matchesAny(beanWords) || utterance.words.contains(where: { $0.hasSuffix("bohnen") })
      || utterance.words.contains(where: tags.distinctiveBeanWords.contains)
      // Coffee to brew at home: a roast, single origins, more of the beans or bags just shown.
      || utterance.matchesAny(["dark roast", "medium roast", "light roast", "single origin*", "whole bean"])
      || utterance.words.contains("more") && ["beans", "bags"].contains(MokaReferences.lastKind(context) ?? "")
    {
      need = "beans"
      if MokaVocabulary.wantsDecaf(utterance) { item = "decaf" }
    } else if utterance.matchesAny(["espresso"] + drinkWords) {
      need = "espresso"
    }
    // Where a bag's roaster is, or whether it is open: every kind of place, so that it is listed
    // whatever its kind (some roast and serve).
    let bagNamed = utterance.words.contains { word in
      tags.bagNames.contains(word) || word.hasSuffix("s") && tags.bagNames.contains(String(word.dropLast()))
    }
    if asksForABagsRoaster(utterance), bagNamed || MokaReferences.lastKind(context) == "bags" {
      // The kind of place that roaster is, when the bags shown say which ("a cafe that roasts").
      let bags = MokaReferences.lastBags(context)
      let bag =
        bags.first { bag in MokaAnswers.string(bag, "name").map { utterance.words.contains($0.lowercased()) } ?? false }
        ?? MokaToolRules.singledOut(bags, context) ?? (bags.count == 1 ? bags.first : nil)
      let kind =
        bag.flatMap { MokaAnswers.string($0, "roaster") }.flatMap(tags.placeKind)
        ?? MokaPlaceFollowUps.kindAsked(utterance).flatMap { $0 == "shop" ? nil : $0 }
      return GeneratedContent(properties: [
        "need": "beans", "kind": kind, "openNow": wantsOpenNow(utterance), "limit": 5,
      ])
    }
    // A question about one place of the data by name: the places of its kind, open or not, so that
    // it is listed even when others are nearer.
    if let named = tags.placeNames.named(in: utterance).first {
      let kind = tags.placeKind(named)
      // What such a place is for, unless the question says: a shop's gear, a roaster's beans.
      if need == "any", let implied = ["shop": "gear", "roaster": "beans"][kind ?? ""] { need = implied }
      return GeneratedContent(properties: [
        "need": need, "kind": kind, "item": item, "openNow": false, "limit": 5,
      ])
    }
    let followUp = MokaReferences.refersBack(utterance) || utterance.words.count < 7
    // "It" after beans or bags (newer than any place search) is coffee to buy; after places, the
    // places' search again.
    let pointsAtCoffee =
      MokaReferences.refersBack(utterance) && ["beans", "bags"].contains(MokaReferences.lastKind(context) ?? "")
    var openNow = wantsOpenNow(utterance)
    var earlierKind: String?
    if followUp, !pointsAtCoffee, let earlier = context.latest("nearbyCafes")?.arguments {
      // (The places pointed at, or asked again for a day or time, with nothing new asked of them,
      // stay among those searched: "and is it open on Monday?", "and on Friday?")
      if MokaReferences.refersBack(utterance) || asksAgainWhen(utterance), need == "any", item == nil {
        earlierKind = MokaAnswers.string(earlier, "kind")
      }
      // (A need said anew, "and a shop for beans?", is a new search: the earlier item stays behind.)
      if need == "any" {
        need = MokaAnswers.string(earlier, "need") ?? "any"
        if item == nil { item = MokaAnswers.string(earlier, "item") }
      }
      // Narrowing the places open now ("which of them has decaf?") keeps them open now, unless
      // another time is asked.
      if MokaReferences.refersBack(utterance), MokaAnswers.field(earlier, "openNow")?.kind == .bool(true),
        !utterance.matchesAny(otherTimes)
      {
        openNow = true
      }
    } else if pointsAtCoffee, need != "gear" {
      // (Gear asked for beside them, "a grinder for those", is still gear.)
      need = "beans"
      // More of one of the user's bags: every nearby place of the kind asked for ("its roaster"),
      // else of the kind its roaster is, so that its roaster is among them.
      if MokaReferences.lastKind(context) == "bags" {
        let roasterKind = MokaAnswers.bagBoughtAgain(utterance, context).flatMap { MokaAnswers.string($0, "roaster") }
          .flatMap(tags.placeKind)
        return GeneratedContent(properties: [
          "need": need, "kind": MokaPlaceFollowUps.kindAsked(utterance).flatMap { $0 == "shop" ? nil : $0 } ?? roasterKind,
          "item": item,
          "openNow": wantsOpenNow(utterance), "limit": 5,
        ])
      }
    }
    let nearest = utterance.matchesAny(["nearest", "closest", "am nachsten", "mas cerca", "piu vicino"])
    // A kind of place asked for (a roaster, a cafe); a shop only for gear, which cafes sell too.
    let kind =
      MokaPlaceFollowUps.kindAsked(utterance).flatMap { $0 == "shop" ? nil : $0 } ?? (drinkAtCafe ? "cafe" : earlierKind)
    // (Open late or early: all five nearest, so the answer can pick by the hours.)
    // ("Tonight" is late in the day: which stays open is the question.)
    let byHours = utterance.matchesAny(MokaPlaceFollowUps.lateWords + MokaPlaceFollowUps.earlyWords + ["tonight"])
    return GeneratedContent(properties: [
      "need": need, "kind": kind, "item": item, "openNow": openNow,
      "limit": MokaVocabulary.resultCount(in: utterance) ?? (byHours ? 5 : nearest ? 1 : 5),
    ])
  }

  /// Where a bag's roaster or shop is, or whether it is open ("is my Huila's roaster open now?").
  static func asksForABagsRoaster(_ utterance: Utterance) -> Bool {
    // ("Who roasted this one? I'd visit them today": a visit to its roaster. "Who roasted it, and
    // how old is it?" asks the bag.)
    let visit =
      utterance.matchesAny(["roaster", "roastery", "where i bought", "where i got"])
      && utterance.matchesAny(["open", "near", "where is", "wheres", "how far", "hours", "close", "closes", "go to", "visit"])
    let visitWhoRoasted =
      utterance.matchesAny(["who roasted"])
      && utterance.matchesAny(["from them", "buy from", "get from", "go there", "visit", "open today", "open now", "today"])
    return (visit || visitWhoRoasted) && MokaVocabulary.problem(in: utterance) == nil
  }
}
