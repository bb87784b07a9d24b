import Foundation
import Ristretto
import Synchronization

/// A user's text prepared for rule matching: lower-cased, accents folded, punctuation removed.
///
/// ```swift
/// let utterance = Utterance("Wher can I by a 6-cup moka pot?")
/// utterance.matches("where can i buy")   // true: one-letter typos are forgiven in longer words
/// ```
public struct Utterance: Sendable, Equatable {
  /// The text as written.
  public let original: String
  /// The normalized words.
  public let words: [String]
  private let index: WordIndex

  /// Prepares `text`.
  public init(_ text: String) {
    original = text
    words = Self.normalize(text)
    index = WordIndex(words)
  }

  /// Prepares `text`, with the phrases of `glossary` read as what they mean (``original`` stays as typed).
  public init(_ text: String, glossary: Glossary?) {
    original = text
    let normalized = Self.normalize(text)
    words = glossary.map { $0.gloss(normalized) } ?? normalized
    index = WordIndex(words)
  }

  /// Utterances are equal when their texts are.
  public static func == (lhs: Utterance, rhs: Utterance) -> Bool { lhs.original == rhs.original }

  /// The normalized text, words joined by single spaces.
  public var normalized: String { words.joined(separator: " ") }

  /// ``normalize(_:)`` of each text, in order; a long list is split among the processor's cores.
  ///
  /// An app that indexes its data's names at start (100,000 product names) spends most of that
  /// start here, so the work is shared out: lists under 4,096 texts are done on the calling thread.
  public static func normalize(all texts: [String]) -> [[String]] {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    guard texts.count >= 4096, cores > 1 else { return texts.map(normalize) }
    let chunk = (texts.count + cores - 1) / cores
    let parts = Mutex([[[String]]](repeating: [], count: cores))
    DispatchQueue.concurrentPerform(iterations: cores) { part in
      let range = min(part * chunk, texts.count)..<min((part + 1) * chunk, texts.count)
      let words = texts[range].map(normalize)
      parts.withLock { $0[part] = words }
    }
    return parts.withLock { $0.flatMap(\.self) }
  }

  /// Lower-cases, folds accents, turns punctuation (hyphens included) into spaces and drops
  /// apostrophes: an English contraction joins ("don't" → "dont", "it's" → "its"), an elision
  /// parts ("dell'Etiopia" → "dell etiopia", "c'è" → "c e").
  public static func normalize(_ text: String) -> [String] {
    var words: [String] = []
    var word: [UInt8] = []
    // Where the word's first apostrophe was.
    var apostrophe: Int?
    func endWord() {
      if let at = apostrophe, at > 0, at < word.count, !contractions.contains(Array(word[at...])) {
        words.append(String(decoding: word[..<at], as: UTF8.self))
        words.append(String(decoding: word[at...], as: UTF8.self))
      } else if !word.isEmpty {
        words.append(String(decoding: word, as: UTF8.self))
      }
      word.removeAll(keepingCapacity: true)
      apostrophe = nil
    }
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x61...0x7A, 0x30...0x39: word.append(UInt8(scalar.value))
      case 0x41...0x5A: word.append(UInt8(scalar.value + 32))
      case 0x27, 0x2019: if apostrophe == nil { apostrophe = word.count }
      case 0..<0x80: endWord()
      default:
        // Folded one scalar at a time, each scalar's folding computed once per process.
        for folded in foldedScalars(scalar) {
          if CharacterSet.alphanumerics.contains(folded) { word.append(contentsOf: String(folded).utf8) } else { endWord() }
        }
      }
    }
    endWord()
    return words
  }

  /// `scalar` lower-cased with accents and width folded ("È" → "e", "ｃ" → "c"), cached.
  private static func foldedScalars(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    if let cached = foldings.withLock({ $0[scalar] }) { return cached }
    let folded = Array(
      String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        .lowercased().unicodeScalars)
    foldings.withLock { $0[scalar] = folded }
    return folded
  }

  /// Names the way ``normalize(_:)`` splits text, for fingerprints of what is derived from words;
  /// changed whenever the words it gives change.
  static let normalizationVersion = "normalize/2"

  /// What follows the apostrophe of an English contraction ("n't", "'s", "'re", "'ve", "'ll", "'d", "'m").
  private static let contractions: Set<[UInt8]> = Set(["t", "s", "re", "ve", "ll", "d", "m"].map { Array($0.utf8) })

  private static let foldings = LockedValue<[Unicode.Scalar: [Unicode.Scalar]]>([:])

  /// Whether any of `phrases` occurs here exactly (with `*` prefixes, no typo tolerance).
  public func matchesAny(_ phrases: [String]) -> Bool {
    phrases.contains { matches(Phrase($0, fuzzy: false)) }
  }

  /// Whether the phrase's words occur here consecutively (with typo tolerance and `*` prefixes).
  public func matches(_ phrase: Phrase) -> Bool { position(of: phrase) != nil }

  /// Whether the phrase (given as text) occurs here.
  public func matches(_ phrase: String) -> Bool { matches(Phrase(phrase)) }

  /// The index of the first word where `phrase` occurs.
  public func position(of phrase: Phrase) -> Int? {
    index.firstPosition(of: phrase.words, fuzzy: phrase.isFuzzy)
  }

  /// The sum of the weights of the phrases that occur here.
  ///
  /// Longer phrases are matched first and a phrase whose words are already covered by a longer
  /// match does not count again ("safety valve" then "valve"); phrases of one ``Phrase/group``
  /// count once, at the highest weight (several origin names are one signal, not several).
  public func score(_ phrases: [Phrase]) -> Double {
    scores(["": phrases])[""] ?? 0
  }

  /// The score of each case's phrases, where a longer phrase of any case takes its words away
  /// from shorter ones ("roast date" for the cupboard leaves no "roast" for the beans), within a
  /// case a phrase covered by a longer one does not count again, and a group counts once.
  public func scores(_ phrasesByCase: [String: [Phrase]]) -> [String: Double] {
    var matches: [(name: String, phrase: Phrase, span: Range<Int>)] = []
    for (name, phrases) in phrasesByCase {
      for phrase in phrases {
        if let start = position(of: phrase) { matches.append((name, phrase, start..<start + phrase.words.count)) }
      }
    }
    matches.sort { $0.span.count != $1.span.count ? $0.span.count > $1.span.count : $0.name < $1.name }
    var takenByLonger = Set<Int>()
    var pending = Set<Int>()
    var length = Int.max
    var covered: [String: Set<Int>] = [:]
    var totals: [String: Double] = [:]
    var groups: [String: [String: Double]] = [:]
    for match in matches {
      if match.span.count < length {
        takenByLonger.formUnion(pending)
        pending = []
        length = match.span.count
      }
      let span = Set(match.span)
      guard !span.isSubset(of: takenByLonger), !span.isSubset(of: covered[match.name, default: []]) else { continue }
      covered[match.name, default: []].formUnion(span)
      pending.formUnion(span)
      if let group = match.phrase.group {
        groups[match.name, default: [:]][group] = max(groups[match.name]?[group] ?? 0, match.phrase.weight)
      } else {
        totals[match.name, default: 0] += match.phrase.weight
      }
    }
    var result: [String: Double] = [:]
    for name in phrasesByCase.keys {
      result[name] = totals[name, default: 0] + (groups[name]?.values.reduce(0, +) ?? 0)
    }
    return result
  }

  /// Word equality with `*` prefix patterns and no typo tolerance.
  static func exactMatch(_ word: String, _ pattern: String) -> Bool {
    pattern.hasSuffix("*") ? word.hasPrefix(pattern.dropLast()) : word == pattern
  }

  /// Word equality with `*` prefix patterns and one edit of tolerance for words of four or more letters.
  static func wordMatches(_ word: String, _ pattern: String) -> Bool {
    if pattern.hasSuffix("*") { return word.hasPrefix(pattern.dropLast()) }
    if word == pattern { return true }
    guard pattern.count >= 5, word.count >= 4, abs(word.count - pattern.count) <= 1 else { return false }
    guard word.first == pattern.first || pattern.count >= 7 else { return false }
    return withinOneEdit(Array(word), Array(pattern))
  }

  /// Whether `a` and `b` are at most one edit apart (a letter changed, added or dropped, or two
  /// neighbours swapped): `editDistance(a, b, limit: 1) <= 1`, in one pass with no table.
  static func withinOneEdit(_ a: [Character], _ b: [Character]) -> Bool {
    guard abs(a.count - b.count) <= 1 else { return false }
    // The first difference; past it, what is left must line up after one edit.
    var start = 0
    while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
    if start == a.count || start == b.count { return true }
    func same(_ i: Int, _ j: Int) -> Bool { a.count - i == b.count - j && a[i...].elementsEqual(b[j...]) }
    if a.count > b.count { return same(start + 1, start) }
    if a.count < b.count { return same(start, start + 1) }
    let swapped =
      start + 1 < a.count && a[start] == b[start + 1] && a[start + 1] == b[start] && same(start + 2, start + 2)
    return same(start + 1, start + 1) || swapped
  }

  /// Damerau–Levenshtein distance, stopping early past `limit`.
  static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
      }
      previous2 = previous
      previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
  }

  /// The first whole number written in digits or as a word (one to twelve).
  public var firstNumber: Int? {
    let names = [
      "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
      "eleven": 11, "twelve": 12, "couple": 2, "few": 3,
    ]
    for word in words {
      if let value = Int(word) { return value }
      if let value = names[word] { return value }
    }
    return nil
  }
}

/// A phrase to look for in an utterance, with a weight for scoring.
///
/// Words are normalized like an ``Utterance``; a word ending in `*` matches any word it begins
/// (`roast*` matches "roasted" and "roaster").
public struct Phrase: Sendable, Equatable, ExpressibleByStringLiteral {
  /// The normalized words.
  public let words: [String]
  /// How much a match counts.
  public let weight: Double
  /// Phrases of one group count once per utterance.
  public let group: String?
  /// Whether one-letter typos are forgiven (turn off for short or foreign words that are one
  /// edit away from unrelated English words).
  public let isFuzzy: Bool

  /// Creates a phrase.
  public init(_ text: String, weight: Double = 1, group: String? = nil, fuzzy: Bool = true) {
    self.group = group
    self.isFuzzy = fuzzy
    words = Self.words(of: text)
    self.weight = weight
  }

  /// The normalized words of a phrase's text, computed once per text: rules build the same
  /// phrases for every question they read.
  private static func words(of text: String) -> [String] {
    // (A word already normalized, as a vocabulary derived from data gives, is its own words: no
    // table to lock.)
    if !text.isEmpty, text.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }) { return [text] }
    if let known = normalized.withLock({ $0[text] }) { return known }
    let words = text.split(separator: " ").flatMap { part -> [String] in
      let star = part.hasSuffix("*")
      let normalized = Utterance.normalize(String(star ? part.dropLast() : part))
      guard star, let last = normalized.last else { return normalized }
      return normalized.dropLast() + [last + "*"]
    }
    normalized.withLock { table in
      if table.count >= 65_536 { table.removeAll(keepingCapacity: true) }
      table[text] = words
    }
    return words
  }

  private static let normalized = LockedValue<[String: [String]]>([:])

  /// A phrase of weight 1.
  public init(stringLiteral value: String) { self.init(value) }
}

extension Array where Element == Phrase {
  /// Phrases of one weight.
  public static func weighted(_ weight: Double, _ texts: [String], group: String? = nil, fuzzy: Bool = true) -> [Phrase] {
    texts.map { Phrase($0, weight: weight, group: group, fuzzy: fuzzy) }
  }
}
