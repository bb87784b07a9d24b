import Ristretto

/// The names of a property's values, found in an utterance with tolerance for misspellings,
/// accents and partial names.
///
/// Each value has one or more names ("wetHulled": "wet hulled", "giling basah"); a name matches
/// when each of its words matches a word of the utterance in order, a word of five or more
/// letters forgiving one edit and one of nine or more forgiving two, and a word of four or more
/// letters matching with a plural's or a demonym's ending added ("kenyan" for "Kenya"). A word of a longer name that
/// belongs to no other value ("Kochere" of "Yirgacheffe Kochere") is a partial name of its value.
/// Longer matches win over shorter ones they overlap, whole names over partial ones.
///
/// ```swift
/// let places = Gazetteer(["Casa Moka": ["casa della moka"], "Lanterna": []])
/// places.bestMatch(in: Utterance("is casa mokka open sunday"))?.value  // "Casa Moka"
/// ```
public struct Gazetteer: Sendable {
  /// One value found in an utterance.
  public struct Match: Sendable, Equatable {
    /// The value (as given, not the name matched).
    public var value: String
    /// The word positions of the utterance it covers.
    public var words: Range<Int>
    /// The edits forgiven.
    public var edits: Int
    /// Whether only a distinctive word of a longer name matched.
    public var isPartial: Bool
  }

  private struct Name: Sendable {
    var value: Int
    var words: [String]
    var isPartial: Bool
  }

  /// This gazetteer with `other`'s values and names added (a value in both keeps both's names).
  public func merging(_ other: Gazetteer) -> Gazetteer {
    var pairs = pairsByValue
    for (value, names) in other.pairsByValue {
      if let index = pairs.firstIndex(where: { $0.value == value }) {
        pairs[index].names += names
      } else {
        pairs.append((value, names))
      }
    }
    return Gazetteer(pairs: pairs, partialNames: partialNames)
  }

  private var pairsByValue: [(value: String, names: [String])] {
    values.enumerated().map { index, value in
      (value, names.filter { $0.value == index && !$0.isPartial }.map { $0.words.joined(separator: " ") })
    }
  }

  /// Whether a distinctive word of a longer name stands for its value.
  public let partialNames: Bool
  /// The values, in the order given.
  public let values: [String]
  private let names: [Name]
  private let byFirstWord: [String: [Int]]
  private let firstWordsByLength: [Int: [String]]

  /// A gazetteer of `values`, each named by itself (camel case split into words) and by its
  /// extra names; `partialNames` lets a distinctive word of a longer name stand for its value.
  public init(_ namesByValue: [String: [String]], partialNames: Bool = true) {
    self.init(pairs: namesByValue.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, partialNames: partialNames)
  }

  /// A gazetteer whose values are named only by themselves (enum cases: "wetHulled" is "wet hulled").
  public init(values: [String], partialNames: Bool = false) {
    self.init(pairs: values.map { ($0, []) }, partialNames: partialNames)
  }

  /// A gazetteer of values in order, each with its extra names.
  public init(pairs: [(value: String, names: [String])], partialNames: Bool = true) {
    var values: [String] = []
    var known = Set<String>()
    var whole: [Name] = []
    for (value, extra) in pairs where known.insert(value).inserted {
      values.append(value)
      for text in [Self.spaced(value)] + extra {
        let words = Utterance.normalize(text)
        if !words.isEmpty { whole.append(Name(value: values.count - 1, words: words, isPartial: false)) }
      }
    }
    var owners: [String: Set<Int>] = [:]
    for name in whole { for word in name.words { owners[word, default: []].insert(name.value) } }
    var partial: [Name] = []
    var seen = Set<String>()
    for name in whole where partialNames && name.words.count > 1 {
      for word in name.words where word.count >= 4 && owners[word]?.count == 1 && Int(word) == nil {
        if seen.insert("\(name.value) \(word)").inserted {
          partial.append(Name(value: name.value, words: [word], isPartial: true))
        }
      }
    }
    let names = whole + partial
    var byFirstWord: [String: [Int]] = [:]
    for (index, name) in names.enumerated() { byFirstWord[name.words[0], default: []].append(index) }
    var byLength: [Int: [String]] = [:]
    for word in byFirstWord.keys where word.count >= 5 { byLength[word.count, default: []].append(word) }
    self.values = values
    self.partialNames = partialNames
    self.names = names
    self.byFirstWord = byFirstWord
    self.firstWordsByLength = byLength.mapValues { $0.sorted() }
  }

  /// Every value named in `utterance`, without overlaps, in the order they appear.
  public func matches(in utterance: Utterance) -> [Match] {
    let words = utterance.words
    var found: [Match] = []
    for start in words.indices {
      for (first, firstEdits) in candidates(for: words[start]) {
        for index in byFirstWord[first] ?? [] {
          let name = names[index]
          guard start + name.words.count <= words.count else { continue }
          var edits = firstEdits
          var matched = true
          for offset in 1..<max(name.words.count, 1) where name.words.count > 1 {
            guard let cost = Self.cost(words[start + offset], name.words[offset]) else {
              matched = false
              break
            }
            edits += cost
          }
          if matched {
            found.append(
              Match(
                value: values[name.value], words: start..<start + name.words.count, edits: edits,
                isPartial: name.isPartial))
          }
        }
      }
    }
    found.sort { a, b in
      if a.words.count != b.words.count { return a.words.count > b.words.count }
      if a.isPartial != b.isPartial { return !a.isPartial }
      if a.edits != b.edits { return a.edits < b.edits }
      return a.words.lowerBound < b.words.lowerBound
    }
    var taken = Set<Int>()
    var kept: [Match] = []
    for match in found where !match.words.contains(where: taken.contains) {
      guard !kept.contains(where: { $0.value == match.value }) else { continue }
      kept.append(match)
      taken.formUnion(match.words)
    }
    return kept.sorted { $0.words.lowerBound < $1.words.lowerBound }
  }

  /// The best value named in `utterance`: whole names before partial ones, then the fewest
  /// edits, then the first.
  public func bestMatch(in utterance: Utterance) -> Match? {
    matches(in: utterance).min { a, b in
      if a.isPartial != b.isPartial { return !a.isPartial }
      if a.edits != b.edits { return a.edits < b.edits }
      return a.words.lowerBound < b.words.lowerBound
    }
  }

  /// The value whose name is exactly `text` (normalized), if any.
  public func value(named text: String) -> String? {
    let words = Utterance.normalize(text)
    guard let first = words.first else { return nil }
    return (byFirstWord[first] ?? []).first { names[$0].words == words && !names[$0].isPartial }.map {
      values[names[$0].value]
    }
  }

  /// The first words of names `word` may stand for, with the edits each forgives.
  private func candidates(for word: String) -> [(String, Int)] {
    var result: [(String, Int)] = byFirstWord[word] == nil ? [] : [(word, 0)]
    // An inflected name: "kenyan", "ethiopian", "brazilian" begin with the name and add a suffix.
    for length in stride(from: word.count - 1, through: max(4, word.count - Self.suffixLimit), by: -1) {
      let prefix = String(word.prefix(length))
      if byFirstWord[prefix] != nil, Self.inflections.contains(String(word.dropFirst(length))) {
        result.append((prefix, 1))
      }
    }
    let tolerance = Self.tolerance(word.count)
    guard tolerance > 0 else { return result }
    for length in (word.count - tolerance)...(word.count + tolerance) {
      for candidate in firstWordsByLength[length] ?? [] where candidate != word {
        if let cost = Self.cost(word, candidate), cost > 0 { result.append((candidate, cost)) }
      }
    }
    return result
  }

  /// The most letters an inflection adds to a name's word.
  static let suffixLimit = 4
  /// The endings of plurals and of demonyms in English, Italian and Spanish ("kenyan",
  /// "ethiopian", "peruvian", "brasiliano", "colombiana", "guatemalteco").
  static let inflections: Set<String> = [
    "s", "es", "n", "an", "ian", "vian", "ean", "ese", "ish", "i", "o", "a", "no", "na", "ano", "ana", "ani", "ane",
    "iano", "iana", "eno", "ena", "esa", "eco", "eca", "teco", "teca",
  ]

  /// The edits between a word of the utterance and a word of a name, nil past the tolerance.
  static func cost(_ word: String, _ name: String) -> Int? {
    if word == name { return 0 }
    if name.count >= 4, word.count > name.count, word.hasPrefix(name),
      inflections.contains(String(word.dropFirst(name.count)))
    {
      return 1
    }
    let tolerance = tolerance(min(word.count, name.count))
    guard tolerance > 0, abs(word.count - name.count) <= tolerance else { return nil }
    let distance = Utterance.editDistance(Array(word), Array(name), limit: tolerance)
    return distance <= tolerance ? distance : nil
  }

  private static func tolerance(_ length: Int) -> Int { length >= 9 ? 2 : length >= 5 ? 1 : 0 }

  /// "wetHulled" → "wet Hulled"; other text unchanged.
  static func spaced(_ value: String) -> String {
    var result = ""
    var previous: Character?
    for character in value {
      if character.isUppercase, let previous, previous.isLowercase { result.append(" ") }
      result.append(character)
      previous = character
    }
    return result
  }
}
