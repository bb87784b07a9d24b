import Ristretto
import RistrettoRules

/// Follow-ups that point at earlier results ("those", "it", "the second one", "the darkest"),
/// resolved against the tool outputs already in the transcript.
enum MokaReferences {
  /// Words that point back at something already said.
  static let pointers = [
    "it", "its", "that", "those", "them", "these", "they", "their", "this one", "that one", "the one", "ones", "same",
    "which one", "which of", "of those", "of them", "the first", "the second", "the third", "the last", "more of", "more like",
    "the two", "both",
    "welches", "welche", "die", "cual", "cuales", "quale", "quelle", "lequel",
  ]

  /// Whether `utterance` points back at earlier results.
  static func refersBack(_ utterance: Utterance) -> Bool {
    // "the nearer one", "the lighter one", "the less acidic Kenyan one": a pick among what was shown.
    let words = utterance.words
    let picksOne = words.indices.dropFirst(2).contains { index in
      words[index] == "one" && words[max(0, index - 4)...(index - 2)].contains("the")
    }
    return picksOne || pointers.contains { utterance.matches(Phrase($0, fuzzy: false)) }
  }

  /// Whether `utterance` points back at several of the things shown ("any of these", "those").
  static func pointsAtSeveral(_ utterance: Utterance) -> Bool {
    utterance.matchesAny(["these", "those", "them", "any of", "either of", "ones"]) && !utterance.matchesAny(["one of"])
  }

  /// Whether `utterance` points back at a bag: a pointer, or "the bag" ("is the bag past its best?").
  static func pointsAtBag(_ utterance: Utterance) -> Bool {
    refersBack(utterance) || utterance.matchesAny(["the bag", "this bag", "that bag"])
  }

  /// The pot size the conversation last mentioned ("my 6-cup"), or the last recipe's: the size a
  /// later count of brews means when it names none.
  static func potSize(_ context: RuleContext) -> Int? {
    for question in context.earlierQuestions.reversed() {
      if let cups = MokaToolRules.cups(in: Utterance(question)) { return cups }
    }
    return context.latest("brewAdvice").map { MokaAnswers.int($0.arguments, "cups") }
  }

  /// The beans of the newest successful search, with those of other searches in the same turn
  /// ("the Sidama or the Antigua?": one search each).
  static func lastBeans(_ context: RuleContext) -> [GeneratedContent] {
    guard let newest = context.latest("searchBeans", in: ["ok", "indexStale"]) else { return [] }
    return context.earlierResults.filter { result in
      result.tool == "searchBeans" && result.turn == newest.turn && ["ok", "indexStale"].contains(result.status ?? "")
    }.flatMap { MokaAnswers.array($0.output, "beans") }
  }

  /// The bags of the newest cupboard look-up that found some.
  static func lastBags(_ context: RuleContext) -> [GeneratedContent] {
    context.latest("cupboard", in: ["ok"]).map { MokaAnswers.array($0.output, "bags") } ?? []
  }

  /// The bags of the newest cupboard look-ups in a row (two bags compared are two look-ups), each
  /// once.
  static func lastTurnsBags(_ context: RuleContext) -> [GeneratedContent] {
    var bags: [GeneratedContent] = []
    for result in context.earlierResults.reversed() {
      guard result.tool == "cupboard" else { break }
      guard result.status == "ok" else { continue }
      for bag in MokaAnswers.array(result.output, "bags").reversed()
      where !bags.contains(where: { MokaAnswers.string($0, "name") == MokaAnswers.string(bag, "name") }) {
        bags.insert(bag, at: 0)
      }
    }
    return bags.isEmpty ? lastBags(context) : bags
  }

  /// The places of the newest place search that listed some (open or not).
  static func lastPlaces(_ context: RuleContext) -> [GeneratedContent] {
    context.latest("nearbyCafes", in: ["ok", "noneOpenNow"]).map { MokaAnswers.array($0.output, "places") } ?? []
  }

  /// What the newest result was about: beans, bags or places (the newest tool with items wins).
  static func lastKind(_ context: RuleContext) -> String? {
    for result in context.earlierResults.reversed() {
      switch (result.tool, result.status) {
      case ("searchBeans", "ok"), ("searchBeans", "indexStale"): return "beans"
      case ("cupboard", "ok"): return "bags"
      case ("nearbyCafes", "ok"), ("nearbyCafes", "noneOpenNow"): return "places"
      default: continue
      }
    }
    return nil
  }

  /// Ways to pick one bean out of several, by what the question asks for.
  static let selectors: [(phrases: [String], pick: @Sendable ([GeneratedContent]) -> GeneratedContent?)] = [
    (["strongest", "fullest", "most body", "heaviest", "boldest"], { $0.max { int($0, "body") < int($1, "body") } }),
    (
      ["brightest", "most acidic", "most acidity", "fruitiest", "zingiest"],
      { $0.max { int($0, "acidity") < int($1, "acidity") } }
    ),
    (
      ["least acidic", "lowest acidity", "least acidity", "smoothest", "mildest", "gentlest"],
      {
        $0.min { int($0, "acidity") < int($1, "acidity") }
      }
    ),
    (["sweetest", "most sweet"], { $0.max { int($0, "sweetness") < int($1, "sweetness") } }),
    (["darkest"], { $0.max { roastRank($0) < roastRank($1) } }),
    (["lightest"], { $0.min { roastRank($0) < roastRank($1) } }),
    (["first", "1st"], { $0.first }), (["second", "2nd"], { $0.dropFirst().first }),
    (["third", "3rd"], { $0.dropFirst(2).first }), (["last"], { $0.last }),
  ]

  /// The bean of `beans` the question singles out (by a superlative, an ordinal or its name), if any.
  static func selectBean(_ utterance: Utterance, from beans: [GeneratedContent]) -> GeneratedContent? {
    if let named = beans.first(where: { bean in
      Utterance(MokaAnswers.string(bean, "name") ?? "").words.contains { $0.count > 3 && utterance.words.contains($0) }
    }) {
      return named
    }
    for selector in selectors where utterance.matchesAny(selector.phrases) {
      return selector.pick(beans)
    }
    // A process, roast or origin that only one of them has picks it out.
    let described = beans.filter { bean in
      let words = Utterance(
        [MokaAnswers.string(bean, "process"), MokaAnswers.string(bean, "roast"), MokaAnswers.string(bean, "origin")]
          .compactMap { $0 }.joined(separator: " ")
      ).words
      return words.contains { $0.count > 3 && utterance.words.contains($0) }
        || MokaVocabulary.origin(in: utterance).map { origin in words.contains(origin.lowercased()) } == true
    }
    if described.count == 1 { return described.first }
    return beans.count == 1 ? beans.first : nil
  }

  /// The bag the question means: named, or the user's bag of the bean an earlier answer was about.
  static func bag(_ utterance: Utterance, bagNames: NameIndex, context: RuleContext) -> String? {
    if let named = bagNames.first(in: utterance) { return named }
    // Something like it is not it: the whole cupboard, not that bag.
    guard pointsAtBag(utterance),
      !utterance.matchesAny([
        "anything like", "something like", "similar", "anything close", "something close", "like that", "like those",
        "like this", "like it",
      ])
    else { return nil }
    switch lastKind(context) {
    case "bags"?:
      let bags = lastBags(context)
      // (Else the one the last question named, or the one the last answer led with when that
      // question asked which: "which is stale?", "Santos …", then "how does it compare?".)
      let askedWhich = context.earlierQuestions.last.map { Utterance($0).words.contains("which") } ?? false
      let lead = askedWhich ? context.earlierAnswers.last.flatMap { firstNamed(in: $0, among: bags) } : nil
      return (selectBag(utterance, from: bags) ?? (bags.count == 1 ? bags.first : nil)).flatMap { MokaAnswers.string($0, "name") }
        ?? lastNamedBag(bagNames, context) ?? lead.flatMap { MokaAnswers.string($0, "name") }
    case "beans"?:
      // The user's bags named as a whole ("which of my own bags is freshest?") are all of them.
      if utterance.matchesAny(["my bags", "my own bags", "of my bags", "my own coffees", "all my"]) { return nil }
      // Several of the beans shown ("any of these?"), or a kind of bean ("anything floral?"): the
      // whole cupboard, to check each against them.
      if pointsAtSeveral(utterance) || MokaFollowUps.namesBeanFilter(utterance) { return nil }
      let shown = lastBeans(context)
      let singled = referents(shown, in: context)
      guard let bean = selectBean(utterance, from: shown) ?? (singled.count == 1 ? singled.first : nil) ?? shown.first,
        let name = MokaAnswers.string(bean, "name")
      else { return nil }
      // The user's bag of that bean, if they own one; else the bean's name (the cupboard says it is not there).
      return bagNames.first(in: Utterance(name)) ?? name
    default:
      return lastNamedBag(bagNames, context)
    }
  }

  /// The taste problem (bitter, sour, weak) the conversation's brewing advice last addressed.
  static func tasteProblem(_ context: RuleContext) -> String? {
    context.earlierResults.reversed().lazy.filter { $0.tool == "brewAdvice" }
      .compactMap { MokaAnswers.string($0.arguments, "problem") }
      .first { ["bitter", "sour", "weak"].contains($0) }
  }

  /// The bag the user's questions named last ("my Huila tastes sour", then "could the bag be too
  /// fresh?"): what "it" or "the bag" means when no result singles one out.
  static func lastNamedBag(_ bagNames: NameIndex, _ context: RuleContext) -> String? {
    for question in context.earlierQuestions.reversed() {
      if let named = bagNames.first(in: Utterance(question)) { return named }
    }
    return nil
  }

  /// The pot size a question means: the one it names; "the big one" or "the small one", the
  /// largest or smallest the conversation mentioned; else the conversation's (``potSize(_:)``).
  static func potSize(_ utterance: Utterance, _ context: RuleContext) -> Int? {
    if let named = MokaToolRules.cups(in: utterance) { return named }
    let sizes = context.earlierQuestions.compactMap { MokaToolRules.cups(in: Utterance($0)) }
    if sizes.count > 1 {
      if utterance.matchesAny(["big one", "bigger", "biggest", "large one", "larger", "the big", "the large"]) {
        return sizes.max()
      }
      if utterance.matchesAny(["small one", "smaller", "smallest", "little one", "the small", "the little"]) {
        return sizes.min()
      }
    }
    return potSize(context)
  }

  /// The items of `items` that the conversation singled out most recently: those named by the
  /// newest earlier answer or question that names some but not all of them (an answer that
  /// listed them all singles none out). Empty when nothing singles any out.
  static func referents(_ items: [GeneratedContent], in context: RuleContext) -> [GeneratedContent] {
    guard items.count > 1 else { return [] }
    var texts: [String] = []
    for back in 0..<max(context.earlierAnswers.count, context.earlierQuestions.count) {
      if back < context.earlierAnswers.count { texts.append(context.earlierAnswers[context.earlierAnswers.count - 1 - back]) }
      if back < context.earlierQuestions.count {
        texts.append(context.earlierQuestions[context.earlierQuestions.count - 1 - back])
      }
    }
    for text in texts {
      let named = self.named(in: Utterance(text), among: items)
      if !named.isEmpty { return named.count < items.count ? named : [] }
    }
    return []
  }

  /// The items that `utterance` names: by their full name, or by a word of their name that no
  /// other item's name has ("the Kochere", "Casa Moka").
  static func named(in utterance: Utterance, among items: [GeneratedContent]) -> [GeneratedContent] {
    let names = items.map { Utterance(MokaAnswers.string($0, "name") ?? "").words }
    return items.indices.filter { index in
      let words = names[index]
      guard !words.isEmpty else { return false }
      if utterance.matches(Phrase(words.joined(separator: " "), fuzzy: false)) { return true }
      let others = Set(names.indices.filter { $0 != index }.flatMap { names[$0] })
      return words.contains {
        $0.count > 3 && !others.contains($0) && !genericNameWords.contains($0) && utterance.words.contains($0)
      }
    }.map { items[$0] }
  }

  /// The item of `items` whose name comes first in `text`, if any is named there.
  static func firstNamed(in text: String, among items: [GeneratedContent]) -> GeneratedContent? {
    let utterance = Utterance(text)
    return items.compactMap { item -> (item: GeneratedContent, position: Int)? in
      guard let name = MokaAnswers.string(item, "name"),
        let position = utterance.position(of: Phrase(Utterance(name).normalized, fuzzy: false))
      else { return nil }
      return (item, position)
    }.min { $0.position < $1.position }?.item
  }

  /// Words of names that say nothing about which item is meant.
  static let genericNameWords: Set<String> = [
    "caffe", "cafe", "coffee", "moka", "torino", "turin", "shop", "store", "blend", "espresso", "natural", "washed", "honey",
    "light", "dark", "medium", "roast", "decaf", "single", "origin",
  ]

  static func selectBag(_ utterance: Utterance, from bags: [GeneratedContent]) -> GeneratedContent? {
    // (The one kept longest is the oldest.)
    if utterance.matches("oldest") || utterance.matches("longest") {
      return bags.max { int($0, "daysSinceRoast") < int($1, "daysSinceRoast") }
    }
    if utterance.matches("newest") || utterance.matches("freshest") {
      return bags.min { int($0, "daysSinceRoast") < int($1, "daysSinceRoast") }
    }
    // "The second one", in the order the list was shown. ("Last" alone may be a verb: "does it last a month?")
    let ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "last"]
    for (index, ordinal) in ordinals.enumerated()
    where utterance.matchesAny(["the \(ordinal) one", "the \(ordinal) bag", "\(ordinal) one on the list"]) {
      return ordinal == "last" ? bags.last : bags.indices.contains(index) ? bags[index] : nil
    }
    return nil
  }

  /// `items` in the order `answer` names them (those it does not name last, in their own order).
  static func inOrderNamed(_ items: [GeneratedContent], by answer: String?) -> [GeneratedContent] {
    guard let answer else { return items }
    let positions = items.map { item in
      MokaAnswers.string(item, "name").flatMap { answer.range(of: $0)?.lowerBound } ?? answer.endIndex
    }
    return items.indices.sorted { positions[$0] != positions[$1] ? positions[$0] < positions[$1] : $0 < $1 }.map { items[$0] }
  }

  static func int(_ content: GeneratedContent, _ name: String) -> Int { MokaAnswers.int(content, name) }

  static func roastRank(_ bean: GeneratedContent) -> Int {
    ["light": 0, "medium": 1, "dark": 2][MokaAnswers.string(bean, "roast") ?? ""] ?? 1
  }
}
