import Ristretto
import RistrettoRules

/// General features of a moka question, derived from the assistant's data and vocabulary rather
/// than from any labelled question: the user's bag names, names and origins in the corpus, gear
/// the shops sell, possessives, numbers and pot sizes, brewing problems.
struct MokaTags: Sendable {
  let bagNames: Set<String>
  /// The user's bags by name.
  let bags: NameIndex
  let beanWords: Set<String>
  /// The normalized words of each bean's name in the corpus, in the corpus's order.
  let beanNames: [[String]]
  let originWords: Set<String>
  let gearWords: Set<String>
  let placeWords: Set<String>
  /// The names of the places in the data.
  let placeNames: NameIndex
  /// Each place's kind (roaster, cafe, shop), in the order of ``placeNames``.
  let placeKinds: [String]
  /// Corpus regions by their normalized words ("huila" → "Huila"), searched as written.
  let regions: [String: String]
  /// The user's bags by the distinctive words of their beans' names ("yirgacheffe" → "Kochere"),
  /// countries left out: a bag asked for by its bean.
  let bagsByBeanWord: [String: String]
  /// The user's bags by their beans' countries ("Colombia" → ["Huila"]).
  let bagsByCountry: [String: [String]]
  /// Words of the corpus's bean names that name no place, gear or kind of coffee ("harrar",
  /// "gatomboya"): a bean asked for by name.
  let distinctiveBeanWords: Set<String>
  /// The country of the beans a distinctive word of their names belongs to ("gesha": Panama), for
  /// words whose beans all come from one country.
  let countriesByBeanWord: [String: String]
  /// Everything the places sell, as normalized terms ("decaf beans", "bicerin", "gasket").
  let soldTerms: [String]

  let vocabulary: [(tag: String, words: Set<String>)]

  /// The kind of the first place named `name`, nil when none is. (A lookup scans the names: it is
  /// rare, and a table built at start would cost every start of a big file.)
  func placeKind(_ name: String) -> String? { placeNames.all.firstIndex(of: name).map { placeKinds[$0] } }
  /// A service a place sells that the question names by its verb ("who grinds coffee" → "grinding
  /// service", "learn to brew" → "brewing class").
  func service(in utterance: Utterance) -> String? {
    soldTerms.first { term in
      let words = Utterance.normalize(term)
      guard let head = words.last, ["service", "class"].contains(head), let verb = words.first, verb.hasSuffix("ing") else {
        return false
      }
      let stem = String(verb.dropLast(3))
      // (With the irregular past: beans "ground" for me.)
      let past = ["grind": "ground", "brew": "brewed", "roast": "roasted"][stem] ?? stem + "ed"
      return utterance.words.contains { [stem, stem + "s", verb, past].contains($0) }
    }
  }

  /// Words of region names that name no region alone.
  static let genericRegionWords: Set<String> = [
    "north", "south", "east", "west", "central", "valley", "highlands", "mountain", "mountains", "region", "province", "lake",
    "river", "upper", "lower", "western", "eastern", "northern", "southern",
  ]

  static let possessives: Set<String> = [
    "my", "mine", "our", "mio", "mia", "miei", "mi", "mis", "mon", "ma", "mes", "mein", "meine", "meinen",
  ]

  init(data: MokaData) {
    // (The places' index, the most costly part over a big file, is then built on another core meanwhile.)
    let placeIndex: @Sendable () -> NameIndex = { [cafes = data.cafes] in
      NameIndex(cafes.map(\.name), generic: MokaPlaceFollowUps.genericPlaceWords, forgivingTypos: true)
    }
    let places = data.cafes.count >= 4_096 ? InBackground(placeIndex) : nil
    // (Each distinct text is read once: a big file repeats its names, regions and lists.)
    bags = NameIndex((data.cupboard ?? []).map(\.name), forgivingTypos: true)
    bagNames = Set(bags.vocabulary)
    let beanNames = Utterance.normalize(all: data.beans.map(\.name))
    self.beanNames = beanNames
    // (Fields are read in place, by index: a loop over the beans themselves copies each one.)
    let beans = data.beans
    var beanTexts: Set<String> = []
    for index in beans.indices {
      beanTexts.insert(beans[index].region)
      beanTexts.insert(beans[index].producer ?? "")
      beanTexts.insert(beans[index].variety)
    }
    // The corpus's countries, lower-cased once each.
    let beanCountries = Set(beans.indices.map { beans[$0].country }).map { $0.lowercased() }
    let beanNameWords = Set(beanNames.joined())
    beanWords = beanNameWords.union(beanTexts.flatMap(Utterance.normalize)).filter { $0.count > 3 }
    let sold = Set(data.cafes.flatMap(\.sells))
    originWords = Set(MokaVocabulary.origins.flatMap { $0.words } + beanCountries)
    // The head noun of each thing a shop sells ("filter plates" → "plate"), less drinks and coffee.
    let notGear: Set<String> = [
      "pot", "coffee", "bean", "origin", "espresso", "cappuccino", "pastrie", "pastry", "decaf", "brunch", "marocchino",
      "bicerin", "chocolate", "blend", "service", "class", "cup",
    ]
    gearWords = Set(sold.compactMap { Utterance.normalize($0).last.map(Self.singular) })
      .subtracting(notGear)
    let genericPlace: Set<String> = [
      "caffe", "cafe", "bar", "torrefazione", "tostatura", "ferramenta", "drogheria", "emporio", "casa", "moka", "piazza",
      "porta", "cucina", "coffee",
    ]
    var regions: [String: String] = [:]
    // (Each region once, in the order of its last bean: a word shared by two regions names the later.)
    var lastBean: [String: Int] = [:]
    for index in beans.indices where !beans[index].region.utf8.contains(UInt8(ascii: ",")) {
      lastBean[beans[index].region] = index
    }
    for region in lastBean.sorted(by: { $0.value < $1.value }).map(\.key) {
      // (Not the words regions share with directions and landforms: "central", "valley".)
      for word in Utterance.normalize(region) where word.count > 3 && !Self.genericRegionWords.contains(word) {
        regions[word] = region
      }
    }
    self.regions = regions
    soldTerms = Array(Set(sold.map { Utterance.normalize($0).map(Self.singular).joined(separator: " ") }))
      .sorted { ($0.count, $0) > ($1.count, $1) }

    placeNames = places?.value ?? placeIndex()
    let nameWords = Set(placeNames.vocabulary)
    let common: Set<String> = [
      "espresso", "blend", "coffee", "decaf", "dark", "light", "medium", "roast", "natural", "washed", "honey", "single",
      "origin", "classic", "classico", "italiano", "italian", "moka", "morning", "special", "reserve", "estate", "mountain",
      "mountains", "blue", "fine", "crema", "dolce",
    ]
    let placeTerms = nameWords.union(sold.flatMap(Utterance.normalize))
    distinctiveBeanWords = beanNameWords.filter { $0.count > 4 }
      .subtracting(common).subtracting(placeTerms)
      .subtracting(beanCountries)
    // Each word's country, or "" once its beans come from two.
    var countryOfWord: [String: String] = [:]
    for index in beans.indices {
      let country = beans[index].country
      for word in beanNames[index] where distinctiveBeanWords.contains(word) {
        countryOfWord[word] = countryOfWord[word].map { $0 == country ? $0 : "" } ?? country
      }
    }
    countriesByBeanWord = countryOfWord.filter { !$0.value.isEmpty }
    placeKinds = data.cafes.map(\.kind)
    let countries = Set(beanCountries + MokaVocabulary.origins.map { $0.origin.lowercased() })
    var byBeanWord: [String: String] = [:]
    var byCountry: [String: [String]] = [:]
    let beansByID = Dictionary(data.beans.indices.map { (data.beans[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
    for bag in data.cupboard ?? [] {
      guard let index = beansByID[bag.beanId] else { continue }
      let bean = data.beans[index]
      for word in beanNames[index] where word.count > 4 && !countries.contains(word) { byBeanWord[word] = bag.name }
      byCountry[bean.country, default: []].append(bag.name)
    }
    bagsByBeanWord = byBeanWord
    bagsByCountry = byCountry
    placeWords = nameWords.subtracting(genericPlace).filter { $0.count > 3 }
    vocabulary = [
      ("#roast", Set(MokaVocabulary.roasts.flatMap(\.words).filter { !$0.contains(" ") })),
      ("#process", Set(MokaVocabulary.processes.flatMap(\.words).filter { !$0.contains(" ") })),
      ("#flavour", Set(MokaVocabulary.flavours.flatMap(\.words))),
      ("#problem", Set(MokaVocabulary.problems.flatMap(\.phrases).filter { !$0.contains("*") && !$0.contains(" ") })),
      ("#my", Self.possessives),
    ]
  }

  /// Identifies the data and the terms the tags come from (for caching a classifier trained with them).
  var fingerprint: String {
    var digest = Fingerprint()
    for words in [bagNames, beanWords, originWords, gearWords, placeWords] + vocabulary.map({ $0.1.union([$0.0]) }) {
      digest.add(set: words)
    }
    return digest.hex
  }

  /// The tags of `utterance`.
  var tags: @Sendable (Utterance) -> [String] {
    { [self] utterance in
      var tags: [String] = []
      let words = utterance.words
      for (index, word) in words.enumerated() {
        if bagNames.contains(word) {
          tags.append("#bag")
          if index > 0, Self.possessives.contains(words[index - 1]) || words[index - 1] == "the" { tags.append("#my-bag") }
        }
        if beanWords.contains(word) { tags.append("#bean") }
        if originWords.contains(word) { tags.append("#origin") }
        if gearWords.contains(Self.singular(word)) { tags.append("#gear") }
        if placeWords.contains(word) { tags.append("#place") }
        if Int(word) != nil { tags.append("#number") }
        if word.hasPrefix("cup") || word.hasPrefix("tazz") || word.hasPrefix("taza"), index > 0, Int(words[index - 1]) != nil {
          tags.append("#pot-size")
        }
        for (tag, set) in vocabulary where set.contains(word) { tags.append(tag) }
      }
      return tags
    }
  }

  static func singular(_ word: String) -> String {
    // "Classes" → "class", "glasses" → "glass"; else a final "s" off ("plates" → "plate").
    if word.count > 5, word.hasSuffix("sses") { return String(word.dropLast(2)) }
    return word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : word
  }
}
