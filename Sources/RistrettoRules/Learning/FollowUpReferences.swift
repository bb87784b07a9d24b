import Ristretto

/// The words by which a question points back at earlier results — "it", "those", "the second",
/// "the cheapest" — and how each picks an item of an earlier tool output.
///
/// The defaults cover English, Italian and Spanish pointers and ordinals; superlatives name the
/// app's own fields, so the app supplies them.
///
/// ```swift
/// var references = FollowUpReferences()
/// references.superlatives = [.init(words: ["nearest", "closest"], field: "distanceKm", ascending: true)]
/// ```
public struct FollowUpReferences: Sendable {
  /// A word that picks the item with the least or greatest value of a field.
  public struct Superlative: Sendable {
    /// The words ("cheapest", "piu economico").
    public var words: [String]
    /// The field of the items compared.
    public var field: String
    /// Whether the least value wins.
    public var ascending: Bool

    /// Creates a superlative.
    public init(words: [String], field: String, ascending: Bool) {
      (self.words, self.field, self.ascending) = (words.flatMap(Utterance.normalize), field, ascending)
    }
  }

  /// Words that point back at something already shown.
  public var pointers: Set<String> = [
    "it", "that", "this", "those", "these", "them", "there", "ones", "same", "quello", "quella", "quelli", "quelle",
    "questo", "questa", "questi", "stesso", "stessa", "ese", "esa", "esos", "esas", "eso", "mismo", "misma", "ahi",
    "alli",
  ]
  /// Ordinal words and the item each picks (-1: the last).
  public var ordinals: [String: Int] = [
    "first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3, "fifth": 4, "5th": 4,
    "last": -1, "primo": 0, "prima": 0, "secondo": 1, "seconda": 1, "terzo": 2, "terza": 2, "ultimo": -1,
    "ultima": -1, "primero": 0, "primera": 0, "segundo": 1, "segunda": 1, "tercero": 2, "tercera": 2,
  ]
  /// Superlatives over the app's fields.
  public var superlatives: [Superlative] = []

  /// The default words, with no superlatives.
  public init() {}

  /// Whether `question` points back at all.
  public func pointsBack(_ question: Utterance) -> Bool {
    question.words.contains { pointers.contains($0) || ordinals[$0] != nil }
      || superlatives.contains { superlative in superlative.words.contains(where: question.words.contains) }
  }

  /// The item of `items` that `question` picks: by ordinal, by superlative, else the first.
  public func pick(_ items: [GeneratedContent], for question: Utterance) -> GeneratedContent? {
    guard !items.isEmpty else { return nil }
    if let ordinal = question.words.lazy.compactMap({ ordinals[$0] }).first {
      let index = ordinal < 0 ? items.count + ordinal : ordinal
      return items.indices.contains(index) ? items[index] : nil
    }
    if let superlative = superlatives.first(where: { $0.words.contains(where: question.words.contains) }) {
      let valued = items.compactMap { item -> (Double, GeneratedContent)? in
        guard case .structure(let properties, _) = item.kind, case .number(let value)? = properties[superlative.field]?.kind
        else { return nil }
        return (value, item)
      }
      let best = superlative.ascending ? valued.min { $0.0 < $1.0 } : valued.max { $0.0 < $1.0 }
      if let best { return best.1 }
    }
    return items[0]
  }

  /// The structured items of an output: the elements of its arrays of objects, in order (the
  /// output itself when it has none).
  static func items(of output: GeneratedContent) -> [GeneratedContent] {
    guard case .structure(let properties, let keys) = output.kind else { return [] }
    var items: [GeneratedContent] = []
    for key in keys {
      guard case .array(let elements)? = properties[key]?.kind else { continue }
      items += elements.filter { if case .structure = $0.kind { return true } else { return false } }
    }
    return items.isEmpty ? [output] : items
  }

  /// The string fields of an item.
  static func strings(of item: GeneratedContent) -> [(key: String, value: String)] {
    guard case .structure(let properties, let keys) = item.kind else { return [] }
    return keys.compactMap { key in
      if case .string(let value)? = properties[key]?.kind { return (key, value) }
      return nil
    }
  }
}
