import Ristretto

/// Where each distinct word of an ``Utterance`` occurs, so finding a phrase costs a look at the
/// few distinct words that could match each of its words and a walk over their positions, not a
/// comparison with every word of the text: a long message is matched in time near its length
/// once, not its length for every phrase asked about.
final class WordIndex: Sendable {
  /// The word at each position, as an index into ``distinct``.
  let ids: [Int]
  private let distinct: [String]
  private let lengths: [Int]
  private let positions: [[Int]]
  private let exact: [String: Int]
  private let byLength: [Int: [Int]]
  private let byFirst: [Character: [Int]]
  private let matching = LockedValue<[Pattern: Set<Int>]>([:])

  private struct Pattern: Hashable {
    var text: String
    var fuzzy: Bool
  }

  init(_ words: [String]) {
    var exact: [String: Int] = [:]
    var distinct: [String] = []
    var positions: [[Int]] = []
    var ids: [Int] = []
    ids.reserveCapacity(words.count)
    for (position, word) in words.enumerated() {
      if let id = exact[word] {
        positions[id].append(position)
        ids.append(id)
      } else {
        exact[word] = distinct.count
        ids.append(distinct.count)
        distinct.append(word)
        positions.append([position])
      }
    }
    let lengths = distinct.map(\.count)
    var byLength: [Int: [Int]] = [:]
    var byFirst: [Character: [Int]] = [:]
    for (id, word) in distinct.enumerated() {
      byLength[lengths[id], default: []].append(id)
      if let first = word.first { byFirst[first, default: []].append(id) }
    }
    self.ids = ids
    self.distinct = distinct
    self.lengths = lengths
    self.positions = positions
    self.exact = exact
    self.byLength = byLength
    self.byFirst = byFirst
  }

  /// The first position where the words of `pattern` occur consecutively, each matching as
  /// ``Utterance/wordMatches(_:_:)`` (fuzzy) or ``Utterance/exactMatch(_:_:)`` says.
  func firstPosition(of pattern: [String], fuzzy: Bool) -> Int? {
    guard !pattern.isEmpty, pattern.count <= ids.count else { return nil }
    // (An exact word the text lacks rules the pattern out with one look-up: a rule book of many
    // names asks about thousands of phrases that share no word with the text.)
    if !fuzzy, pattern.contains(where: { !$0.hasSuffix("*") && exact[$0] == nil }) { return nil }
    var sets: [Set<Int>] = []
    for word in pattern {
      let set = matches(word, fuzzy: fuzzy)
      guard !set.isEmpty else { return nil }
      sets.append(set)
    }
    var starts = sets[0].flatMap { positions[$0] }
    starts.sort()
    return starts.first { start in
      start + pattern.count <= ids.count && (1..<pattern.count).allSatisfy { sets[$0].contains(ids[start + $0]) }
    }
  }

  /// The distinct words `pattern` matches, computed once per pattern.
  private func matches(_ pattern: String, fuzzy: Bool) -> Set<Int> {
    let key = Pattern(text: pattern, fuzzy: fuzzy)
    if let known = matching.withLock({ $0[key] }) { return known }
    let found = Set(
      candidates(pattern, fuzzy: fuzzy).filter { id in
        fuzzy ? Utterance.wordMatches(distinct[id], pattern) : Utterance.exactMatch(distinct[id], pattern)
      })
    matching.withLock { $0[key] = found }
    return found
  }

  /// The distinct words that could match `pattern`: those sharing its first letter for a prefix
  /// pattern, those within one letter of its length for a fuzzy one, the equal word otherwise.
  private func candidates(_ pattern: String, fuzzy: Bool) -> [Int] {
    if pattern.hasSuffix("*") {
      guard let first = pattern.first, first != "*" else { return Array(distinct.indices) }
      return byFirst[first] ?? []
    }
    let length = pattern.count
    guard fuzzy, length >= 5 else { return exact[pattern].map { [$0] } ?? [] }
    return (length - 1...length + 1).flatMap { byLength[$0] ?? [] }
  }
}
