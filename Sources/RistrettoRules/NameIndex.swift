/// Names from an app's data (products, places, the user's own items), read once and indexed by
/// word, so that finding the names an utterance says costs the names that share a word with it,
/// not every name: a rule book over 100,000 names answers as fast as one over ten.
///
/// A name is said when its words occur in a row, exactly (no typo is forgiven; see ``Gazetteer``
/// for names with misspellings, accents and demonyms). With `generic` words given, a name is also
/// said when more than half of its other words of four letters or more occur anywhere in the
/// utterance ("Porta Palazzo" for "Drogheria Porta Palazzo", where "drogheria" is generic).
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
  private let distinctive: [Set<String>]
  private let byWord: [String: [Int]]

  /// An index of `names`; `generic` words (normalized) do not count toward a name's distinctive
  /// words, and without them a name is said only in full.
  public init(_ names: [String], generic: Set<String>? = nil) {
    all = names
    words = names.map(Utterance.normalize)
    distinctive = words.map { words in
      generic.map { generic in Set(words.filter { $0.count > 3 && !generic.contains($0) }) } ?? []
    }
    var byWord: [String: [Int]] = [:]
    for (index, words) in words.enumerated() {
      for word in Set(words) { byWord[word, default: []].append(index) }
    }
    self.byWord = byWord
  }

  /// An index of the names listed.
  public init(arrayLiteral names: String...) { self.init(names) }

  /// Every normalized word of every name.
  public var vocabulary: Dictionary<String, [Int]>.Keys { byWord.keys }
  /// Whether the index holds no name.
  public var isEmpty: Bool { all.isEmpty }

  /// The names `utterance` says, in the order given, each with the word positions where it begins
  /// in full (none when said only by its distinctive words).
  public func occurrences(in utterance: Utterance) -> [(name: String, starts: [Int])] {
    let asked = utterance.words
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
