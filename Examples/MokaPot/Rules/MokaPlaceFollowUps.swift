import Ristretto
import RistrettoRules

/// Follow-ups about the places a search just listed: whether they are open, their hours, their
/// address, how far they are. Answered from the earlier output, with no new search.
enum MokaPlaceFollowUps {
  typealias A = MokaAnswers

  /// What a question can ask about a place, and the words that ask it.
  enum Aspect: CaseIterable {
    case openNow, hours, address, distance

    var phrases: [String] {
      switch self {
      case .openNow:
        ["open now", "open right now", "open at the moment", "still open", "open yet", "is it open", "are they open"]
      case .hours:
        [
          "open", "opens", "opening", "close", "closes", "closing", "hours", "when", "till", "until", "what time",
          "tomorrow", "go there", "can i go",
        ]
      case .address: ["address", "where is", "where's", "located", "location", "street", "which street"]
      case .distance: ["far", "distance", "km", "walk", "walking", "closer", "closest", "nearest", "nearer", "near me"]
      }
    }

    /// The aspects `question` asks about.
    static func asked(in question: Utterance) -> [Aspect] {
      allCases.filter { aspect in aspect.phrases.contains { question.matches(Phrase($0, fuzzy: false)) } }
    }
  }

  /// Kinds of place and items to buy: without a pointer, a question naming one asks for a new search.
  static let subjects =
    NearbyCafesTool.gearWords.filter { $0 != "moka" } + [
      "moka pot", "cafe", "cafes", "caffe", "bar", "roaster", "roasters", "espresso", "cappuccino", "bicerin", "pastry", "decaf",
      "pot",
    ]

  /// A place named by a definite noun or "there": the one just shown ("how far is the shop?").
  static let definiteReferences = [
    "the place", "the shop", "the store", "the cafe", "the caffe", "the bar", "the roaster", "the roastery", "get there",
    "go there", "walk there", "from here", "same place", "same shop", "same cafe", "same roaster", "that place", "that shop",
  ]

  /// Words of place names that tell nothing apart: kinds of place, the city.
  static let genericPlaceWords: Set<String> = [
    "caffe", "cafe", "coffee", "bar", "moka", "torino", "turin", "torrefazione", "tostatura", "ferramenta", "drogheria",
    "emporio", "shop",
  ]

  /// Whether `question` names the place called `name`: its full name, or more than half of the
  /// words of its name that are not generic ("Casa Moka", "Porta Palazzo", but not "a bicerin"
  /// for Bicerin di Piazza Vittorio, nor "Porta Nuova" for Drogheria Porta Palazzo).
  static func mentions(_ question: Utterance, name: String) -> Bool {
    NameIndex([name], generic: genericPlaceWords, forgivingTypos: true).anyNamed(in: question)
  }

  /// The places of `places` that `question` names.
  static func named(in question: Utterance, _ places: [GeneratedContent]) -> [GeneratedContent] {
    places.filter { mentions(question, name: A.string($0, "name") ?? "") }
  }

  /// The answer to a question that names some of `places` (a search's output): what it asks of
  /// them, or their hours, address and distance; nil when it names none.
  static func aboutNamed(_ question: Utterance, _ places: [GeneratedContent]) -> String? {
    let named = named(in: question, places)
    guard !named.isEmpty else { return nil }
    let asked = Aspect.asked(in: question)
    // ("…, and do they sell beans?", "do they do brunch?": from the place's own list as well.)
    let sells =
      asksWhetherSold(question)
      ? named.compactMap { place in sellsReply(question, place).map { " " + $0 } }.joined() : ""
    return named.map { line($0, asked.isEmpty ? [.hours, .address, .distance] : asked) }.joined(separator: "; ") + "."
      + sells
  }

  /// The answer to `question` about `places` (the newest search's), or nil when it asks
  /// something else. The places meant are the ones the question names or singles out ("the
  /// closest", "the second"), else the ones the conversation singled out last, else all of them
  /// ("those") or the nearest ("it").
  static func answer(_ question: Utterance, _ places: [GeneratedContent], _ context: RuleContext) -> String? {
    guard !places.isEmpty else { return nil }
    let aspects = Aspect.asked(in: question)
    guard !aspects.isEmpty else { return nil }
    let exactly = MokaReferences.named(in: question, among: places)
    let named = exactly.isEmpty ? Self.named(in: question, places) : exactly
    let referents = MokaReferences.referents(places, in: context)
    var chosen: [GeneratedContent]
    if !named.isEmpty {
      chosen = named
    } else if let kind = kindAsked(question), case let ofKind = places.filter({ A.string($0, "kind") == kind }),
      !ofKind.isEmpty, ofKind.count < places.count
    {
      // "The cafe one", "the shop": the places of that kind among those shown.
      chosen = ofKind
    } else if ["closer", "closest", "nearest", "nearer"].contains(where: question.words.contains) {
      chosen = places.min { distance($0) < distance($1) }.map { [$0] } ?? []
    } else if case let extremes = byHours(question, places), !extremes.isEmpty {
      chosen = extremes
    } else if let ordinal = ordinal(question, places) {
      chosen = [ordinal]
    } else if !referents.isEmpty {
      chosen = referents
    } else if isPlural(question) {
      chosen = places
    } else {
      chosen = [places[0]]
    }
    // Which are open now, or at the time a search asked about.
    let atTime = chosen.contains { A.field($0, "openAtTime").map { $0.kind != .null } ?? false }
    if aspects.contains(.openNow) || atTime, isPlural(question) || chosen.count > 1 {
      let open = chosen.filter { A.field($0, atTime ? "openAtTime" : "openNow")?.kind == .bool(true) }
      let when = atTime ? "then" : "now"
      guard open.isEmpty else {
        return "Open \(when): " + open.map { line($0, [.hours, .address]) }.joined(separator: "; ") + "."
      }
      return "None of them is open \(atTime ? "then" : "right now"). " + chosen.map { line($0, [.hours]) }.joined(separator: "; ")
        + "."
    }
    return chosen.map { line($0, aspects) }.joined(separator: "; ") + "."
  }

  /// Whether the place a follow-up points at sells what it asks about ("do they sell beans too?",
  /// "do they have grinders?"), from the place's own list; nil for any other question.
  static func sellsAnswer(_ question: Utterance, _ places: [GeneratedContent], _ context: RuleContext) -> String? {
    // "Which of those sells beans?": the ones shown whose lists hold it.
    if question.matchesAny(["which of those", "which of them", "which of these", "any of those", "any of them"]),
      question.matchesAny(["sell*", "stock*", "carry", "carries", "have", "do", "does"]), !places.isEmpty
    {
      let matched = places.map { (place: $0, items: matchingItems(question, $0)) }.filter { !$0.items.isEmpty }
      let selling = matched.map(\.place)
      let items = Set(matched.flatMap(\.items)).sorted()
      guard !selling.isEmpty else {
        return "None of those, as far as my list knows: "
          + places.map { "\(A.string($0, "name") ?? "?") sells \(A.strings($0, "sells").joined(separator: ", "))" }
          .joined(separator: "; ") + "."
      }
      return "Of those, selling \(A.list(items)): " + selling.map(A.placeLine).joined(separator: "; ") + "."
    }
    // (A place named or pointed at: "which shops sell gaskets?" is a new search.)
    let named = MokaReferences.named(in: question, among: places)
    let pointed = MokaReferences.refersBack(question) || question.matchesAny(definiteReferences) || !named.isEmpty
    // (Nor a recipe for it: "and the dose for it, once bought?")
    guard pointed,
      !question.matchesAny(["which", "where", "anywhere", "nearby", "near me", "other"] + MokaToolRules.recipeWords),
      question.matchesAny([
        "sell*", "stock*", "carry", "carries", "do classes", "offer*", "have any", "do they have", "do they do", "buy", "grab",
        "get", "pick up",
      ]),
      !places.isEmpty
    else { return nil }
    guard let place = named.first ?? MokaReferences.referents(places, in: context).first ?? places.first else { return nil }
    return sellsReply(question, place)
  }

  /// Whether the question asks if a place sells something ("does it stock gaskets?", "do they do
  /// decaf?", "does Casa Moka have grinders?").
  static func asksWhetherSold(_ question: Utterance) -> Bool {
    let words = question.words.drop { ["and", "so", "also", "then", "ok", "but"].contains($0) }
    let yesNo =
      ["does", "do"].contains(words.first ?? "") && words.dropFirst().contains { ["have", "do", "offer"].contains($0) }
    return yesNo || question.matchesAny(["sell*", "stock*", "carry", "carries", "have any", "do they have", "do they do"])
  }

  /// Whether `place` sells what `question` asks about, from its own list ("Yes: … sells decaf
  /// beans"); nil when the place has no list.
  static func sellsReply(_ question: Utterance, _ place: GeneratedContent) -> String? {
    let sells = A.strings(place, "sells")
    guard let name = A.string(place, "name"), !sells.isEmpty else { return nil }
    let matching = matchingItems(question, place)
    let list = "its list: " + sells.joined(separator: ", ")
    return matching.isEmpty
      ? "Not as far as my list knows: \(name) sells \(sells.joined(separator: ", "))."
      : "Yes: \(name) sells \(matching.joined(separator: ", ")) (\(list))."
  }

  /// The items of `place`'s list that `question` asks about.
  static func matchingItems(_ question: Utterance, _ place: GeneratedContent) -> [String] {
    let sells = A.strings(place, "sells")
    let name = A.string(place, "name") ?? ""
    // The thing asked about: a word of the question that one of the place's items holds.
    let generic: Set<String> = ["do", "does", "they", "it", "sell", "sells", "too", "also", "any", "have", "the", "a", "there"]
    // (Not a word of the place's own name: "Casa Moka" asks nothing about moka pots.)
    let own = Set(Utterance(name).words)
    let asked = question.words.filter { !own.contains($0) }.map(MokaTags.singular).filter {
      !generic.contains($0) && $0.count > 2
    }
    return sells.filter { item in Utterance(item).words.map(MokaTags.singular).contains(where: asked.contains) }
  }

  /// The places that close latest or open earliest today (more than one when level), when the
  /// question asks for it; empty when it does not.
  static func byHours(_ question: Utterance, _ places: [GeneratedContent]) -> [GeneratedContent] {
    // Today's hours as minutes since midnight ("08:00-20:00"); nil when closed all day.
    func hours(_ place: GeneratedContent) -> (opens: Int, closes: Int)? {
      MokaDataRanges.hours(A.string(place, "hoursToday") ?? "")
    }
    let open = places.filter { hours($0) != nil }
    if question.matchesAny(lateWords), let latest = open.compactMap({ hours($0)?.closes }).max() {
      return open.filter { hours($0)?.closes == latest }
    }
    if question.matchesAny(earlyWords), let earliest = open.compactMap({ hours($0)?.opens }).min() {
      return open.filter { hours($0)?.opens == earliest }
    }
    return []
  }

  /// Words that ask for the place open latest, or open earliest.
  static let lateWords = [
    "latest", "open late", "open later", "closes last", "last to close", "open longest", "longest", "stays open late",
    "late tonight", "open tonight", "this evening", "closes late",
  ]
  static let earlyWords = ["earliest", "opens first", "first to open", "open early", "opens soonest", "soonest"]

  /// The kind of place a question asks for, in the data's kinds: roaster, shop or cafe.
  static func kindAsked(_ question: Utterance) -> String? {
    if question.matchesAny(["roaster", "roasters", "roastery", "roasteries", "torrefazione"]) { return "roaster" }
    if question.matchesAny(["cafe", "cafes", "caffe", "bar", "bars", "coffee shop", "coffee shops"]) { return "cafe" }
    if question.matchesAny(["shop", "shops", "store", "stores", "hardware"]) { return "shop" }
    return nil
  }

  static func distance(_ place: GeneratedContent) -> Double {
    if case .number(let value)? = A.field(place, "distanceKm")?.kind { return value }
    return .infinity
  }

  static func isPlural(_ question: Utterance) -> Bool {
    ["those", "they", "them", "these", "any", "all", "ones", "which"].contains(where: question.words.contains)
  }

  static func ordinal(_ question: Utterance, _ places: [GeneratedContent]) -> GeneratedContent? {
    let picks: [(String, Int)] = [("first", 0), ("1st", 0), ("second", 1), ("2nd", 1), ("third", 2), ("3rd", 2)]
    if question.words.contains("last") { return places.last }
    return picks.first { question.words.contains($0.0) }.flatMap { places.indices.contains($0.1) ? places[$0.1] : nil }
  }

  /// "Casa Moka Torino (shop): closed now, today closed; next open tomorrow, Monday, 15:00-19:00".
  static func line(_ place: GeneratedContent, _ aspects: [Aspect]) -> String {
    let name = A.string(place, "name") ?? "?"
    var parts: [String] = []
    let open = A.field(place, "openNow")?.kind == .bool(true)
    if aspects.contains(.openNow) || aspects.contains(.hours), let asked = A.dayHours(place) {
      parts.append(asked)
    } else if aspects.contains(.openNow) || aspects.contains(.hours) {
      var hours = (open ? "open now" : "closed now") + ", today " + (A.string(place, "hoursToday") ?? "?")
      if !open, let next = A.string(place, "nextOpening") { hours += "; next open \(next)" }
      parts.append(hours)
    }
    if aspects.contains(.address) { parts.append("at " + (A.string(place, "address") ?? "?")) }
    if aspects.contains(.distance) { parts.append("\(A.distance(place)) from you") }
    return name + " (\(A.string(place, "kind") ?? "place")): " + parts.joined(separator: ", ")
  }
}
