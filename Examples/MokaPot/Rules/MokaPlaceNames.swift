import RistrettoRules

/// The names of the places in the data, read once and indexed by word, so that finding the places a
/// question names costs the places that share a word with it, not every place.
struct MokaPlaceNames: Sendable {
  private let names: [String]
  private let words: [[String]]
  private let distinctive: [Set<String>]
  private let byWord: [String: [Int]]

  /// Every word of every name.
  var vocabulary: Dictionary<String, [Int]>.Keys { byWord.keys }

  init(_ names: [String]) {
    self.names = names
    words = names.map(Utterance.normalize)
    distinctive = words.map { Set($0.filter { $0.count > 3 && !MokaPlaceFollowUps.genericPlaceWords.contains($0) }) }
    var byWord: [String: [Int]] = [:]
    for (index, words) in words.enumerated() {
      for word in Set(words) { byWord[word, default: []].append(index) }
    }
    self.byWord = byWord
  }

  /// The names `question` names, in the data's order (see ``MokaPlaceFollowUps/mentions(_:name:)``).
  func named(in question: Utterance) -> [String] {
    let asked = question.words
    let present = Set(asked)
    let candidates = Set(present.flatMap { byWord[$0] ?? [] }).sorted()
    return candidates.filter { index in
      let name = words[index]
      if !name.isEmpty, asked.count >= name.count,
        (0...(asked.count - name.count)).contains(where: { asked[$0..<($0 + name.count)].elementsEqual(name) })
      {
        return true
      }
      let wanted = distinctive[index]
      return !wanted.isEmpty && wanted.filter(present.contains).count * 2 > wanted.count
    }.map { names[$0] }
  }

  /// Whether `question` names one of the places.
  func anyNamed(in question: Utterance) -> Bool { !named(in: question).isEmpty }
}
