import Foundation
import RistrettoFixtures
import RistrettoRules

/// Words the moka rules recognise: origins, roasts, processes, flavours, problems.
enum MokaVocabulary {
  /// The domain's terms and their synonyms, from the bundled `terms.json`: per origin, roast,
  /// process, flavour note and brewing problem, the words that name it (continents name every
  /// country of the corpus there; blends are searched as the country "Blend"; places that grow
  /// little or no coffee are searched by name, so the answer can say the corpus has none), and the
  /// phrases of decaf, price, the Italian style, running low, and words that make a country's
  /// adjective a style.
  static let terms = MokaTerms.bundled

  /// (The classic Italian bar coffee is a blend: the Italian-style phrases also name "Blend".)
  static let originNames = terms.origins.map { entry in
    (words: entry.words + (entry.value == "Blend" ? terms.italianStyle : []), origin: entry.value)
  }
  static let roasts = terms.roasts.map { (words: $0.words, roast: $0.value) }
  static let processes = terms.processes.map { (words: $0.words, process: $0.value) }
  static let flavourWords = terms.flavours.map { (words: $0.words, note: $0.value) }
  /// Brewing problems and the phrases that describe them, most urgent first (ties go to the
  /// earlier one, so a safety problem wins). Matched exactly: "water" must not read as "watery",
  /// and cleaning has "washed it" but never "washed" alone, which is a process.
  static let problems = terms.problems.map { (problem: $0.value, phrases: $0.words) }
  static let decafPhrases = terms.decaf
  /// Words about money: the data has no prices, so such a constraint is reported, never applied.
  static let pricePhrases = terms.price
  static let italianStyle = terms.italianStyle
  static let runningLow = terms.runningLow
  static let styleWords = Set(terms.styleWords)

  /// Words that name an origin, and the corpus country (or region) they search for; a people's
  /// name is also known in the plural ("Kenyans", "Colombians").
  static let origins: [(words: [String], origin: String)] = originNames.map { entry in
    (entry.words + entry.words.filter { $0.hasSuffix("an") && !$0.contains(" ") }.map { $0 + "s" }, entry.origin)
  }

  /// Flavour words and the note family they search for (see `FlavourFamily`): the words below,
  /// then every other note word of a family ("mandarin" → citrus) and every fruit ("apple").
  static let flavours: [(words: [String], note: String)] = {
    let named = Set(flavourWords.flatMap(\.words))
    // ("Honey" and "sugar" name a process or what goes in the cup more often than a note; "rose"
    // is what the coffee did.)
    let families = FlavourFamily.families.filter { $0.key != "sugar" }.sorted { $0.key < $1.key }.map { family in
      (words: family.value.filter { !named.contains($0) && !["honey", "rose"].contains($0) }, note: family.key)
    }
    let fruits = FlavourFamily.fruit.filter { fruit in
      !named.contains(fruit) && !families.contains { $0.words.contains(fruit) }
    }
    return flavourWords + families.filter { !$0.words.isEmpty } + fruits.map { (words: [$0], note: $0) }
  }()

  /// The species asked for ("robusta beans", "pure arabica"); none when both are named, as in a
  /// comparison, or when the one named is negated ("no robusta": arabica). Of two, the one not set
  /// aside wins ("arabica rather than robusta", "robusta instead of arabica").
  static func species(in utterance: Utterance) -> String? {
    let words = utterance.words
    let named = ["robusta", "arabica"].filter { words.contains($0) }
    func before(_ name: String) -> ArraySlice<String> {
      guard let at = words.firstIndex(of: name) else { return [] }
      return words[max(0, at - 2)..<at]
    }
    let negations = ["no", "not", "without", "non"]
    if named.count == 2 {
      let setAside = negations + ["than", "instead", "over"]
      let kept = named.filter { name in !before(name).contains(where: setAside.contains) }
      return kept.count == 1 ? kept.first : nil
    }
    guard let name = named.first else { return nil }
    return before(name).contains(where: negations.contains) ? (name == "robusta" ? "arabica" : "robusta") : name
  }

  /// A bag of the user's named with words between ("my Hawaiian Kona bag", "my new bag").
  static func namesOwnBag(_ utterance: Utterance) -> Bool {
    let words = utterance.words
    return words.indices.contains { index in
      // (Not the next one to buy: "ideas for my next bag".)
      words[index] == "my" && !words[(index + 1)..<min(words.count, index + 4)].contains("next")
        && words[(index + 1)..<min(words.count, index + 4)].contains { ["bag", "bags", "pack", "packet"].contains($0) }
    }
  }

  /// The first entry of `table` whose words occur in `utterance` (exactly, or fuzzily when asked).
  static func first(_ table: [(words: [String], value: String)], in utterance: Utterance) -> String? {
    table.first { entry in utterance.matchesAny(entry.words) }?.value
  }

  /// The origin named, unless the word names a style ("Italian-style", "French roast", "an Italian blend").
  static func origin(in utterance: Utterance) -> String? {
    // The one named first ("Malawi or Zambia": Malawi).
    namedOrigins(in: utterance).first
  }

  /// The origins `utterance` turns down ("not from Ethiopia", "anything but Kenyan").
  static func negatedOrigins(in utterance: Utterance) -> Set<String> {
    let words = utterance.words
    var refused: Set<String> = []
    // ("Other Guatemalans" are more of them; "other than" turns them down.)
    for (index, word) in words.enumerated() {
      let before = index > 0 ? words[index - 1] : ""
      let turnsDown =
        ["not", "no", "except", "besides", "without"].contains(word) || word == "than" && before == "other"
        || word == "but" && before == "anything"
      guard turnsDown else { continue }
      let after = words[(index + 1)..<min(words.count, index + 4)].joined(separator: " ")
      if let origin = namedOrigins(in: Utterance(after)).first { refused.insert(origin) }
    }
    return refused
  }

  /// Every origin named, in the order named, less those that name a style.
  static func namedOrigins(in utterance: Utterance) -> [String] {
    var found: [(position: Int, length: Int, origin: String)] = []
    for entry in origins {
      let spans = entry.words.compactMap { word -> (Int, Int)? in
        guard let position = utterance.position(of: Phrase(word, fuzzy: toleratesTypos(word))) else { return nil }
        let length = Utterance(word).words.count
        // (The Italian bar style is itself a blend, whatever follows it; a country's own name names
        // the country, whatever follows it: "Colombia roasted dark".)
        let after = position + length
        let style =
          entry.origin != "Blend" && word != entry.origin.lowercased() && after < utterance.words.count
          && styleWords.contains(utterance.words[after])
        return style ? nil : (position, length)
      }
      if let span = spans.min(by: { $0.0 < $1.0 }) { found.append((span.0, span.1, entry.origin)) }
    }
    // (A word inside a longer name names nothing more: "Central America" is not America.)
    let kept = found.filter { inner in
      !found.contains { outer in
        outer.length > inner.length && outer.position <= inner.position
          && inner.position + inner.length <= outer.position + outer.length
      }
    }
    return kept.sorted { $0.position < $1.position }.map(\.origin)
  }
  /// Whether a vocabulary word is long enough to match with one typo ("guatamala", "medum"):
  /// single words of six letters or more.
  static func toleratesTypos(_ word: String) -> Bool { word.count >= 6 && !word.contains(" ") }

  /// The roast asked for: the first roast word that is not negated ("dark, not light"; "a dark one?
  /// I thought they were all light").
  static func roast(in utterance: Utterance) -> String? {
    var best: (position: Int, roast: String)?
    var negated: String?
    for entry in roasts {
      for word in entry.words {
        guard let position = utterance.position(of: Phrase(word, fuzzy: toleratesTypos(word))) else { continue }
        let before = utterance.words[max(0, position - 3)..<position]
        if before.contains(where: ["not", "no", "isnt", "arent", "without", "than"].contains) {
          negated = negated ?? entry.roast
          continue
        }
        if position < (best?.position ?? .max) { best = (position, entry.roast) }
      }
    }
    // "Not too dark" (or light), with no roast asked for: the middle one; the Italian style, dark.
    if best == nil, negated == nil, utterance.matchesAny(italianStyle) { return "dark" }
    return best?.roast ?? (negated.map { $0 == "medium" ? nil : "medium" } ?? nil)
  }
  /// The process named, a word of seven letters or more forgiving one typo ("anarobic"; not
  /// "honeys", one letter from "honey").
  static func process(in utterance: Utterance) -> String? {
    processes.first { entry in
      entry.words.contains { utterance.matches(Phrase($0, fuzzy: $0.count >= 7 && toleratesTypos($0))) }
    }?.process
  }

  /// The notes named, at most three: a specific note as named ("jasmine", "cinnamon", "hazelnutty"),
  /// a family or its adjective as the family ("fruity" → fruit, "nuts" → nut).
  static func flavours(in utterance: Utterance) -> [String] {
    var notes: [String] = []
    let words = utterance.words
    // Notes of two words ("passion fruit", "black tea"), named as such.
    for (first, second) in zip(words, words.dropFirst()) where specificNotes.contains(first + " " + second) {
      if !notes.contains(first + " " + second) { notes.append(first + " " + second) }
    }
    for (index, word) in words.enumerated() {
      // A word naming a process ("honey process") is not a note.
      if index > 0, notes.contains(words[index - 1] + " " + word) { continue }
      if index + 1 < words.count, notes.contains(word + " " + words[index + 1]) { continue }
      if index + 1 < words.count, words[index + 1].hasPrefix("process") { continue }
      if index > 0, words[index - 1].hasPrefix("process") { continue }
      guard let note = note(for: word), !notes.contains(note) else { continue }
      // Nor one naming a process with the next word ("honey coffees").
      if index + 1 < words.count, process(in: Utterance(word + " " + words[index + 1])) != nil { continue }
      notes.append(note)
    }
    for entry in flavours where entry.words.contains(where: { $0.contains(" ") && utterance.matches(Phrase($0, fuzzy: false)) }) {
      if !notes.contains(entry.note) { notes.append(entry.note) }
    }
    // Two notes of one family ask for the family ("cardamom or clove"); a family and one of its
    // notes ask for the note ("floral, jasmine maybe").
    for family in FlavourFamily.families.keys.sorted() + ["fruit"] {
      let members = FlavourFamily.members(of: family)
      // (Other families inside it, as berries in fruit, are not its notes.)
      let named = notes.filter { $0 != family && members.contains($0) && FlavourFamily.families[$0] == nil }
      if named.count == 1, notes.contains(family) {
        notes.removeAll { $0 == family }
      } else if named.count > 1, let first = notes.firstIndex(where: named.contains) {
        notes.removeAll { named.contains($0) || $0 == family }
        notes.insert(family, at: min(first, notes.count))
      }
    }
    return Array(notes.prefix(3))
  }

  /// Every note the corpus's flavour families list ("hazelnut", "bergamot").
  static let specificNotes = Set(FlavourFamily.families.values.joined()).filter { note in
    // A family's own name and its forms ("berries", "smoky") stand for the family.
    !FlavourFamily.families.keys.contains { note.hasPrefix($0.dropLast()) }
  }

  /// The note a word names: the word or its base form ("lemony" → lemon, "hazelnutty" → hazelnut)
  /// if it is a specific note, else the family of a flavour word.
  /// The notes `utterance` turns down ("not too smoky", "no citrus please"): a search leaves
  /// them out rather than looking for them.
  static func negatedFlavours(in utterance: Utterance) -> Set<String> {
    let words = utterance.words
    let negations: Set<String> = ["no", "not", "nothing", "without", "avoid", "hate", "dont", "isnt", "never", "less"]
    return Set(
      words.indices.compactMap { index in
        guard let note = note(for: words[index]), words[max(0, index - 3)..<index].contains(where: negations.contains)
        else { return nil }
        return note
      })
  }

  static func note(for word: String) -> String? {
    // The data's spelling of a note spelt another way.
    let spellings = ["liquorice": "licorice", "flavour": "flavor", "passionfruit": "passion fruit"]
    var forms = [spellings[word] ?? word]
    if word.hasSuffix("y") {
      let base = String(word.dropLast())
      forms.append(base)
      if let last = base.last, base.dropLast().last == last { forms.append(String(base.dropLast())) }
    }
    if word.hasSuffix("ies") { forms.append(String(word.dropLast(3)) + "y") }
    if word.hasSuffix("s") { forms.append(String(word.dropLast())) }
    if let specific = forms.first(where: specificNotes.contains) { return specific }
    return forms.lazy.compactMap { form in flavours.first { $0.words.contains(form) }?.note }.first
  }

  /// Whether the question asks for decaf.
  static func wantsDecaf(_ utterance: Utterance) -> Bool {
    utterance.matchesAny(decafPhrases)
  }

  /// Prices compared ("which is the cheapest?", "is it pricier than the Kona?") rather than one price asked.
  static func comparesPrices(_ utterance: Utterance) -> Bool {
    utterance.matchesAny([
      "cheap*", "expensive", "pricier", "priciest", "costlier", "more than", "less than", "better value", "the least", "the most",
      "lowest", "highest",
    ])
  }

  static func mentionsPrice(_ utterance: Utterance) -> Bool {
    utterance.matchesAny(pricePhrases) || utterance.original.contains { "€$£".contains($0) } || asksPriceOfAThing(utterance)
  }

  /// "How much is a 6-cup Bialetti?", "how much are they?": "how much is" before a thing to buy
  /// or a pointer, with no amount of coffee, water or what is left in it, asks its price.
  static func asksPriceOfAThing(_ utterance: Utterance) -> Bool {
    let words = utterance.words
    guard let start = utterance.position(of: Phrase("how much", fuzzy: false)), start + 2 < words.count,
      ["is", "are", "does", "do", "would", "will", "might"].contains(words[start + 2])
    else { return false }
    let rest = words[(start + 3)...].prefix(5)
    let things: Set<String> = [
      "bialetti", "pot", "moka", "grinder", "gasket", "kettle", "machine", "kilo", "kg", "bag", "pack", "packet", "one",
      "pots", "grinders", "gaskets", "kettles", "machines", "bags", "packs", "packets", "ones",
      // ("How much is it?": what was just shown.)
      "it", "they", "that", "those", "this", "these",
    ]
    let amounts: Set<String> = [
      "left", "coffee", "water", "dose", "grams", "g", "need", "use", "put", "remaining", "caffeine", "total", "altogether",
    ]
    return rest.contains(where: things.contains) && !words.contains(where: amounts.contains)
  }

  /// A number of results asked for ("three options", "top 5"), never a price, a pot size or a weight.
  static func resultCount(in utterance: Utterance) -> Int? {
    let nouns: Set<String> = [
      "bean", "beans", "option", "options", "coffee", "coffees", "suggestion", "suggestions", "pick", "picks", "result",
      "results", "recommendation", "recommendations", "idea", "ideas", "choice", "choices", "place", "places", "shop", "shops",
      "cafe", "cafes", "roaster", "roasters", "roasts", "blends", "origins", "ones", "kinds", "types", "varieties", "naturals",
    ]
    let words = utterance.words
    for (index, word) in words.enumerated() {
      guard let value = Utterance(word).firstNumber, (1...12).contains(value) else { continue }
      // The noun may follow a few describing words (three decaf bean ideas).
      if words.dropFirst(index + 1).prefix(4).contains(where: nouns.contains) { return value }
      if index > 0, words[index - 1] == "top" { return value }
    }
    return nil
  }

  /// Every flavour word present, as the quiz's `likes`, in the order the user named them.
  static func likes(in utterance: Utterance) -> [String] {
    var found: [(like: String, position: Int)] = []
    var taken: Set<Int> = []
    // A chocolate named by its kind ("milk chocolate") is one note, not milk and chocolate.
    let words = utterance.words
    for (index, pair) in zip(words, words.dropFirst()).enumerated()
    where ["milk", "dark", "white"].contains(pair.0) && pair.1.hasPrefix("chocolate") {
      found.append((pair.0 + " chocolate", index))
      taken.formUnion([index, index + 1])
    }
    for entry in flavours + [(["milk", "smooth", "bright"], "milk"), (["sweet"], "sweet")] {
      // The words as written, or their plural ("strawberries").
      let plurals = entry.words.map { $0.hasSuffix("y") ? $0.dropLast() + "ies" : $0 + "s" }
      for (word, plural) in zip(entry.words, plurals) {
        guard
          let position = utterance.position(of: Phrase(word, fuzzy: false))
            ?? utterance.words.firstIndex(of: String(plural)),
          !taken.contains(position)
        else { continue }
        // A describing word is named by its noun where the two differ ("flowery" → floral); a
        // word of the vocabulary as the user wrote it ("berries", "nuts"), else its entry's word
        // ("strawberries" → strawberry).
        let written = entry.words.contains(words[position]) ? words[position] : word
        let like = ["flowery": "floral", "flowers": "floral"][word] ?? written
        // (One word is one like: "nuts" is not both "nut" and "nuts".)
        taken.insert(position)
        if !found.contains(where: { $0.like == like }) { found.append((like, position)) }
      }
    }
    return found.sorted { $0.position < $1.position }.map(\.like)
  }
}

/// The bundled `glossary.json`: Italian and Spanish phrases of the domain (one section per
/// language) and what they mean in the words the rules are written in. Words that are also common
/// English words ("come", "per", "sale", "cafe") are left out of it.
enum MokaGlossary {
  static let entries: [String: String] =
    ((try? BundledFixtures.data("glossary.json")).flatMap { try? JSONDecoder().decode([String: [String: String]].self, from: $0) }
    ?? [:]).values.reduce(into: [:]) { all, section in all.merge(section) { first, _ in first } }

  /// The glossary, keeping the names of `data`'s beans, bags and places as written.
  static func glossary(_ data: MokaData) -> Glossary { glossary(MokaTags(data: data)) }

  /// The glossary, keeping the names of the beans, bags and places `tags` has read.
  static func glossary(_ tags: MokaTags) -> Glossary {
    Glossary(entries, keepingNormalized: tags.beanNames + tags.bags.normalizedNames + tags.placeNames.normalizedNames)
  }
}

/// The moka domain's terms as the bundled `terms.json` holds them.
struct MokaTerms: Decodable, Sendable {
  /// A value a tool argument takes and the words that name it.
  struct Entry: Decodable, Sendable {
    var value: String
    var words: [String]
  }
  var origins, roasts, processes, flavours, problems: [Entry]
  var decaf, price, italianStyle, runningLow, styleWords: [String]

  /// The bundled terms (empty only if the package was built without them, which a test rules out).
  static let bundled: MokaTerms =
    (try? BundledFixtures.data("terms.json")).flatMap { try? JSONDecoder().decode(MokaTerms.self, from: $0) }
    ?? MokaTerms(
      origins: [], roasts: [], processes: [], flavours: [], problems: [], decaf: [], price: [], italianStyle: [],
      runningLow: [], styleWords: [])
}
