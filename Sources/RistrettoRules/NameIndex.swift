/// Names from an app's data (products, places, the user's own items), read once and indexed by
/// word, so that finding the names an utterance says costs the names that share a word with it,
/// not every name: a rule book over 100,000 names answers as fast as one over ten.
///
/// A name is said when its words occur in a row, exactly, or — with `forgivingTypos` — with one
/// letter missing, added or changed in a word of six letters or more that is one name word alone
/// ("mandeling" for "Mandheling"; see ``Gazetteer`` for accents and demonyms). With `generic` words
/// given, a name is also said when more than half of its other words of four letters or more occur
/// anywhere in the utterance ("Porta Palazzo" for "Drogheria Porta Palazzo", where "drogheria" is
/// generic).
///
/// ```swift
/// let bags: NameIndex = ["Santos", "Huila"]
/// bags.occurrences(in: Utterance("is my santos fresher than the huila?"))
/// // [("Santos", starts: [2]), ("Huila", starts: [6])]
/// ```
public struct NameIndex: Sendable, ExpressibleByArrayLiteral {
  /// The names, in the order given.
  public let all: [String]
  private let words: [[String]]
  /// Each name's distinctive words, each once.
  private let distinctive: [[String]]
  private let byWord: [String: [Int]]
  /// With `forgivingTypos`: each name word of six letters or more, by itself and by each of its
  /// one-letter deletions.
  private let byDeletion: [String: Set<String>]
  /// The length of the longest name word in ``byDeletion``: a word longer by two or more is no
  /// typo of any (and its deletions, quadratic in its length, are never made).
  private let longestTypoWord: Int

  /// The least length of a word said with a typo.
  static let typoLength = 6

  /// An index of `names`; `generic` words (normalized) do not count toward a name's distinctive
  /// words, and without them a name is said only in full. With `forgivingTypos`, a long name word
  /// said with one typo counts as said.
  public init(_ names: [String], generic: Set<String>? = nil, forgivingTypos: Bool = false) {
    all = names
    words = Utterance.normalize(all: names)
    // (A name has a few words: each is kept once by looking back, not by building a set per name.)
    func once(_ words: [String]) -> [String] {
      words.indices.filter { index in !words[..<index].contains(words[index]) }.map { words[$0] }
    }
    distinctive = words.map { words in
      generic.map { generic in once(words.filter { $0.count > 3 && !generic.contains($0) }) } ?? []
    }
    var byWord: [String: [Int]] = [:]
    byWord.reserveCapacity(names.count)
    for (index, words) in words.enumerated() {
      for word in once(words) { byWord[word, default: []].append(index) }
    }
    self.byWord = byWord
    var byDeletion: [String: Set<String>] = [:]
    var longest = 0
    if forgivingTypos {
      for word in byWord.keys where word.count >= Self.typoLength {
        longest = max(longest, word.count)
        for variant in Self.deletions(word) + [word] { byDeletion[variant, default: []].insert(word) }
      }
    }
    self.byDeletion = byDeletion
    longestTypoWord = longest
  }

  /// `word` with each of its letters left out in turn.
  private static func deletions(_ word: String) -> [String] {
    let letters = Array(word)
    return letters.indices.map { index in String(letters[..<index] + letters[(index + 1)...]) }
  }

  /// Whether `word` is long enough, and short enough, to be some name word said with one typo;
  /// only such a word's deletions are made.
  func mayBeTypo(_ word: String) -> Bool {
    !byDeletion.isEmpty && word.count >= Self.typoLength - 1 && word.count <= longestTypoWord + 1
  }

  /// The name word `word` is, said with one typo; nil when it is none or could be several.
  private func corrected(_ word: String) -> String? {
    guard mayBeTypo(word), byWord[word] == nil else { return nil }
    // A letter added (a deletion of the word is a name word), missing (the word is a deletion of
    // one), or changed (both share a deletion).
    var found = byDeletion[word] ?? []
    for variant in Self.deletions(word) {
      if byWord[variant] != nil, variant.count >= Self.typoLength { found.insert(variant) }
      found.formUnion(byDeletion[variant] ?? [])
    }
    return found.count == 1 ? found.first : nil
  }

  /// An index of the names listed.
  public init(arrayLiteral names: String...) { self.init(names) }

  /// The normalized words of each name, in the order given.
  public var normalizedNames: [[String]] { words }

  /// Every normalized word of every name.
  public var vocabulary: Dictionary<String, [Int]>.Keys { byWord.keys }
  /// Whether the index holds no name.
  public var isEmpty: Bool { all.isEmpty }

  /// The names `utterance` says, in the order given, each with the word positions where it begins
  /// in full (none when said only by its distinctive words).
  public func occurrences(in utterance: Utterance) -> [(name: String, starts: [Int])] {
    let asked = byDeletion.isEmpty ? utterance.words : utterance.words.map { corrected($0) ?? $0 }
    let present = Set(asked)
    let candidates = Set(present.flatMap { byWord[$0] ?? [] }).sorted()
    return candidates.compactMap { index in
      let name = words[index]
      let starts =
        name.isEmpty || asked.count < name.count
        ? [] : (0...(asked.count - name.count)).filter { asked[$0..<($0 + name.count)].elementsEqual(name) }
      let wanted = distinctive[index]
      let byWords = !wanted.isEmpty && wanted.filter(present.contains).count * 2 > wanted.count
      return starts.isEmpty && !byWords ? nil : (all[index], starts)
    }
  }

  /// The names `utterance` says, in the order given.
  public func named(in utterance: Utterance) -> [String] { occurrences(in: utterance).map(\.name) }

  /// The first name, in the order given, that `utterance` says.
  public func first(in utterance: Utterance) -> String? { named(in: utterance).first }

  /// Whether `utterance` says one of the names.
  public func anyNamed(in utterance: Utterance) -> Bool { !occurrences(in: utterance).isEmpty }
}
