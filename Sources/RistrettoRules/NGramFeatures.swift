/// The features a ``LinearClassifier`` sees: words, word pairs, character n-grams of each word,
/// and tags the app derives from its own data (a bag name, a place, a number).
///
/// Character n-grams make the features robust to typos, inflections and related languages
/// ("sputtering", "sputters", "spluttering" share most of theirs); tags let a model generalise
/// over names it has never seen in training ("my Kochere" and "my Huila" both carry `#bag`).
///
/// ```swift
/// let features = NGramFeatures(tags: { utterance in utterance.words.contains("my") ? ["#possessive"] : [] })
/// features.features(of: Utterance("my bag")) // ["w:my", "w:bag", "b:my bag", "c:<my", …, "#possessive"]
/// ```
public struct NGramFeatures: Sendable {
  /// Lengths of the character n-grams taken from each word (padded with `<` and `>`).
  public var characterLengths: ClosedRange<Int>
  /// Whether consecutive word pairs are features.
  public var wordPairs: Bool
  /// App-specific tags for an utterance (each becomes one feature).
  public var tags: @Sendable (Utterance) -> [String]

  /// Creates a feature extractor.
  public init(
    characterLengths: ClosedRange<Int> = 3...5, wordPairs: Bool = true,
    tags: @escaping @Sendable (Utterance) -> [String] = { _ in [] }
  ) {
    self.characterLengths = characterLengths
    self.wordPairs = wordPairs
    self.tags = tags
  }

  /// The distinct features of `utterance`, in a stable order. Linear in the utterance's length.
  public func features(of utterance: Utterance) -> [String] {
    var seen = Set<String>()
    var result: [String] = []
    func add(_ feature: String) { if seen.insert(feature).inserted { result.append(feature) } }
    let words = utterance.words
    var seenWords = Set<String>()
    for (index, word) in words.enumerated() {
      // A word seen before adds only its pair: its other features are in `seen` already.
      let isNew = seenWords.insert(word).inserted
      if isNew { add("w:" + word) }
      if wordPairs, index + 1 < words.count { add("b:" + word + " " + words[index + 1]) }
      guard isNew else { continue }
      let padded = "<" + word + ">"
      let bounds = Array(padded.indices) + [padded.endIndex]
      let count = bounds.count - 1
      for length in characterLengths where count >= length {
        for start in 0...(count - length) { add("c:" + padded[bounds[start]..<bounds[start + length]]) }
      }
    }
    if words.isEmpty { add("#empty") }
    for tag in tags(utterance) { add(tag) }
    return result
  }
}
