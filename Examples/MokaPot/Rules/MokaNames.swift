import RistrettoRules

/// Names from the data (the user's bags, the places), read once and indexed by word, so that
/// finding the names a question says costs the names that share a word with it, not every name.
///
/// A name is said when its words occur in a row; with `generic` words given, also when more than
/// half of its other words of four letters or more occur anywhere ("Casa Moka", "Porta Palazzo").
struct MokaNames: Sendable, ExpressibleByArrayLiteral {
  /// The names, in the data's order.
  let all: [String]
  private let words: [[String]]
  private let distinctive: [Set<String>]
  private let byWord: [String: [Int]]

  init(_ names: [String], generic: Set<String>? = nil) {
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

  init(arrayLiteral names: String...) { self.init(names) }

  /// Every word of every name.
  var vocabulary: Dictionary<String, [Int]>.Keys { byWord.keys }
  var isEmpty: Bool { all.isEmpty }

  /// The names `question` says and where each begins in a row (empty when said only by its
  /// distinctive words), in the data's order.
  func occurrences(in question: Utterance) -> [(name: String, starts: [Int])] {
    let asked = question.words
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

  /// The names `question` says, in the data's order.
  func named(in question: Utterance) -> [String] { occurrences(in: question).map(\.name) }

  /// The first name of the data that `question` says.
  func first(in question: Utterance) -> String? { named(in: question).first }

  /// Whether `question` says one of the names.
  func anyNamed(in question: Utterance) -> Bool { !occurrences(in: question).isEmpty }
}
