/// Phrases of other languages put into the words an app's rules are written in, before they are
/// matched: "quanti grammi" reads as "how many grams", "tostato scuro" as "dark roast".
///
/// A rule book written in one language then answers questions typed in others, or with their
/// words mixed in, without a rule per language. The entries are the app's data (a dictionary
/// from a phrase to what it means), not code; a phrase is matched on whole normalized words
/// (case and accents folded, as ``Utterance`` does), the longest first, and replaced by the
/// words of its meaning. Names from the app's data are kept as written wherever they occur, so
/// "Caffè Lanterna" stays a place even when "caffè" alone reads as "coffee" (a phrase's word is
/// kept where it stands between the same words as in a name).
///
/// ```swift
/// let glossary = Glossary(["quanti": "how many", "grammi": "grams"], keeping: ["Caffè Lanterna"])
/// let question = Utterance("Quanti grammi per la moka?", glossary: glossary)
/// question.words  // ["how", "many", "grams", "per", "la", "moka"]
/// ```
///
/// Give a ``RuleBook`` its glossary (``RuleBook/glossary``) and the ``RuleBasedModel`` glosses
/// each question before the classifier and the rules read it; ``Utterance/original`` keeps the
/// text as typed.
public struct Glossary: Sendable {
  /// Phrases by their first word, each with the words it reads as; longest first.
  private let byFirstWord: [String: [(phrase: [String], meaning: [String])]]
  /// Names kept as written, by their first word; longest first.
  private let kept: [String: [[String]]]

  /// A glossary of `entries` (a phrase and what it means), keeping the names in `keeping` as they are.
  public init(_ entries: [String: String], keeping names: [String] = []) {
    self.init(entries, keepingNormalized: names.map(Utterance.normalize))
  }

  /// A glossary of `entries`, keeping names given as their normalized words (as
  /// ``NameIndex/normalizedNames`` holds them), so that names an app has already read are not
  /// read again.
  public init(_ entries: [String: String], keepingNormalized names: [[String]]) {
    var byFirstWord: [String: [(phrase: [String], meaning: [String])]] = [:]
    for (phrase, meaning) in entries {
      let words = Utterance.normalize(phrase)
      guard let first = words.first else { continue }
      byFirstWord[first, default: []].append((words, Utterance.normalize(meaning)))
    }
    self.byFirstWord = byFirstWord.mapValues { entries in
      entries.sorted { a, b in
        a.phrase.count != b.phrase.count ? a.phrase.count > b.phrase.count : a.phrase.lexicographicallyPrecedes(b.phrase)
      }
    }
    // Of each name, only what a phrase could touch is kept: each word a phrase begins with, between
    // the name's words on either side (so that a name repeated with numbers is kept once).
    var spans: Set<[String]> = []
    for words in names {
      for (index, word) in words.enumerated() where byFirstWord[word] != nil {
        spans.insert(Array(words[max(0, index - 1)...min(words.count - 1, index + 1)]))
      }
    }
    var kept: [String: [[String]]] = [:]
    for span in spans { kept[span[0], default: []].append(span) }
    self.kept = kept.mapValues { $0.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) } }
  }

  /// Whether the glossary has no entries.
  public var isEmpty: Bool { byFirstWord.isEmpty }

  /// `words` with each phrase of the glossary replaced by what it means (the longest phrase at
  /// each position), and each kept name left as it is.
  public func gloss(_ words: [String]) -> [String] {
    var result: [String] = []
    result.reserveCapacity(words.count)
    var index = 0
    while index < words.count {
      let word = words[index]
      if let name = kept[word]?.first(where: { Self.occurs($0, in: words, at: index) }) {
        result += name
        index += name.count
      } else if let entry = byFirstWord[word]?.first(where: { Self.occurs($0.phrase, in: words, at: index) }) {
        result += entry.meaning
        index += entry.phrase.count
      } else {
        result.append(word)
        index += 1
      }
    }
    return result
  }

  private static func occurs(_ phrase: [String], in words: [String], at index: Int) -> Bool {
    index + phrase.count <= words.count && words[index..<(index + phrase.count)].elementsEqual(phrase)
  }
}
