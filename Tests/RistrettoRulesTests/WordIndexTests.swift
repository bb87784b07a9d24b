import Ristretto
import Testing

@testable import RistrettoRules

/// The word index finds each phrase where a scan of every word would.
@Suite("Word index")
struct WordIndexTests {
  /// The first position a word-by-word scan finds.
  static func scanned(_ words: [String], _ pattern: [String], fuzzy: Bool) -> Int? {
    guard !pattern.isEmpty, pattern.count <= words.count else { return nil }
    return (0...(words.count - pattern.count)).first { start in
      pattern.indices.allSatisfy { offset in
        fuzzy
          ? Utterance.wordMatches(words[start + offset], pattern[offset])
          : Utterance.exactMatch(words[start + offset], pattern[offset])
      }
    }
  }

  @Test func findsWhatAScanFinds() {
    let vocabulary = [
      "moka", "mokka", "grind", "grinder", "grnd", "roast", "roasted", "roaster", "raost", "espresso", "expresso",
      "valve", "safety", "saftey", "the", "a", "coffee", "cofee", "bitter", "bitterness", "sputter", "sputtering",
    ]
    let patterns = vocabulary + ["roast*", "grind*", "s*", "*"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let words = (0..<Int.random(in: 0...30, using: &generator)).map { _ in vocabulary.randomElement(using: &generator)! }
      let index = WordIndex(words)
      for _ in 0..<20 {
        let pattern = (0..<Int.random(in: 1...3, using: &generator)).map { _ in patterns.randomElement(using: &generator)! }
        for fuzzy in [true, false] {
          #expect(
            index.firstPosition(of: pattern, fuzzy: fuzzy) == Self.scanned(words, pattern, fuzzy: fuzzy),
            "\(pattern) in \(words), fuzzy \(fuzzy)")
        }
      }
    }
  }

  @Test("One edit apart in one pass agrees with the edit distance on every pair of short words")
  func oneEditAgreesWithTheDistance() {
    var words: [[Character]] = [[]]
    var last: [[Character]] = [[]]
    for _ in 0..<4 {
      last = last.flatMap { word in ["a", "b", "c"].map { word + [$0] } }
      words += last
    }
    for a in words {
      for b in words {
        #expect(Utterance.withinOneEdit(a, b) == (Utterance.editDistance(a, b, limit: 1) <= 1), "\(String(a)) \(String(b))")
      }
    }
  }
}
