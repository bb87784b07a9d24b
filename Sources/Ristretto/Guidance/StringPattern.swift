import Foundation

/// A string pattern in the regular-expression subset the guidance automaton enforces.
///
/// Supported: literal characters (any Unicode), escapes `\d \w \s \D \W \S` and escaped
/// punctuation, classes with ranges and negation (`[a-z0-9_]`, `[^,]`), `.`, alternation `|`,
/// groups `( )` and `(?: )`, the quantifiers `? * + {m} {m,} {m,n}`, and `^`/`$` at the ends
/// (patterns always match the whole string). Classes range over ASCII; `.` and negated classes
/// also match any non-ASCII character. Characters JSON must escape (`"`, `\`, control
/// characters) are never generated. Anything else — backreferences, lookaround, lazy
/// quantifiers, `\b`, `\p{…}` — is refused with a ``StringPatternError``.
public struct StringPattern: Sendable, Hashable {
  /// The pattern's source text.
  public let source: String
  let automaton: ByteDFA

  /// Compiles `source`.
  /// - Throws: ``StringPatternError`` naming the unsupported construct.
  public init(_ source: String) throws(StringPatternError) {
    self.source = source
    var parser = PatternParser(Array(source.unicodeScalars))
    let tree = try parser.parse()
    var builder = NFABuilder()
    automaton = try ByteDFA(try builder.build(tree))
  }

  /// Whether the whole of `text` matches.
  public func matches(_ text: String) -> Bool {
    var state = ByteDFA.start
    for byte in text.utf8 {
      state = automaton.step(state, byte)
      guard state >= 0 else { return false }
    }
    return automaton.accepts(state)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.source == rhs.source }
  public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

/// Why a pattern cannot be enforced.
public struct StringPatternError: Error, Sendable, Equatable, LocalizedError {
  /// What is unsupported or malformed.
  public let reason: String
  /// The reason, as a sentence.
  public var errorDescription: String? { "Unsupported pattern: \(reason)" }
}

/// A parsed pattern.
indirect enum PatternNode {
  case bytes([UInt8])
  case byteClass(ByteSet, nonASCII: Bool)
  case concat([PatternNode])
  case alternate([PatternNode])
  case repeated(PatternNode, minimum: Int, maximum: Int?)
}

/// A recursive-descent parser for the supported regex subset.
struct PatternParser {
  private let scalars: [Unicode.Scalar]
  private var index = 0
  /// Open groups; the parser recurses once per level, so the nesting is bounded.
  private var depth = 0
  static let maximumDepth = 64

  init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

  private func fail(_ reason: String) -> StringPatternError { StringPatternError(reason: reason) }

  mutating func parse() throws(StringPatternError) -> PatternNode {
    if peek == "^" { index += 1 }
    let node = try alternation()
    if peek == "$" { index += 1 }
    guard index == scalars.count else { throw fail("unexpected '\(scalars[index])' at offset \(index)") }
    return node
  }

  private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  private mutating func alternation() throws(StringPatternError) -> PatternNode {
    var branches = [try concatenation()]
    while peek == "|" {
      index += 1
      branches.append(try concatenation())
    }
    return branches.count == 1 ? branches[0] : .alternate(branches)
  }

  private mutating func concatenation() throws(StringPatternError) -> PatternNode {
    var items: [PatternNode] = []
    while let scalar = peek, scalar != "|", scalar != ")" {
      if scalar == "$", index == scalars.count - 1 { break }
      items.append(try quantified())
    }
    return items.count == 1 ? items[0] : .concat(items)
  }

  private mutating func quantified() throws(StringPatternError) -> PatternNode {
    let atom = try self.atom()
    guard let scalar = peek else { return atom }
    var minimum = 0
    var maximum: Int?
    switch scalar {
    case "?": maximum = 1
    case "*": break
    case "+": minimum = 1
    case "{":
      guard let bounds = try braces() else { return atom }
      (minimum, maximum) = bounds
    default: return atom
    }
    if scalar != "{" { index += 1 }
    if peek == "?" || peek == "+" { throw fail("lazy and possessive quantifiers are not supported") }
    if let maximum, maximum < minimum { throw fail("quantifier {\(minimum),\(maximum)} is empty") }
    if (maximum ?? minimum) > 256 { throw fail("repetition counts above 256 are not supported") }
    return .repeated(atom, minimum: minimum, maximum: maximum)
  }

  private mutating func braces() throws(StringPatternError) -> (Int, Int?)? {
    var cursor = index + 1
    func number() -> Int? {
      var digits = ""
      while cursor < scalars.count, let value = scalars[cursor].properties.numericType, value == .decimal {
        digits.unicodeScalars.append(scalars[cursor])
        cursor += 1
      }
      return Int(digits)
    }
    guard let low = number() else { throw fail("a '{' must start a {m}, {m,} or {m,n} quantifier") }
    var high: Int? = low
    if cursor < scalars.count, scalars[cursor] == "," {
      cursor += 1
      high = number()
    }
    guard cursor < scalars.count, scalars[cursor] == "}" else { throw fail("unterminated quantifier") }
    index = cursor + 1
    return (low, high)
  }

  private mutating func atom() throws(StringPatternError) -> PatternNode {
    guard let scalar = peek else { throw fail("pattern ends unexpectedly") }
    index += 1
    switch scalar {
    case "(":
      depth += 1
      defer { depth -= 1 }
      guard depth <= Self.maximumDepth else { throw fail("groups nested deeper than \(Self.maximumDepth)") }
      if peek == "?" {
        guard index + 1 < scalars.count, scalars[index + 1] == ":" else {
          throw fail("lookaround and named groups are not supported")
        }
        index += 2
      }
      let inner = try alternation()
      guard peek == ")" else { throw fail("unbalanced parenthesis") }
      index += 1
      return inner
    case "[": return try characterClass()
    case ".": return .byteClass(ByteSet.unescapedASCII, nonASCII: true)
    case "\\": return try escape(inClass: false).node
    case "*", "+", "?", "{": throw fail("quantifier '\(scalar)' has nothing to repeat")
    case "^", "$": throw fail("anchors are only supported at the ends of the pattern")
    default: return .bytes(Array(String(Character(scalar)).utf8))
    }
  }

  private mutating func escape(inClass: Bool) throws(StringPatternError) -> (node: PatternNode, set: ByteSet?, nonASCII: Bool) {
    guard let scalar = peek else { throw fail("pattern ends after '\\'") }
    index += 1
    switch scalar {
    case "d": return (.byteClass(.digits, nonASCII: false), .digits, false)
    case "w": return (.byteClass(.word, nonASCII: false), .word, false)
    case "s": return (.byteClass(.space, nonASCII: false), .space, false)
    case "D": let set = ByteSet.unescapedASCII.subtracting(.digits); return (.byteClass(set, nonASCII: true), set, true)
    case "W": let set = ByteSet.unescapedASCII.subtracting(.word); return (.byteClass(set, nonASCII: true), set, true)
    case "S": let set = ByteSet.unescapedASCII.subtracting(.space); return (.byteClass(set, nonASCII: true), set, true)
    case "t": return (.bytes([0x09]), ByteSet([0x09]), false)
    default:
      if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        throw fail("the escape '\\\(scalar)' is not supported")
      }
      guard scalar.isASCII else { throw fail("the escape '\\\(scalar)' is not supported") }
      let byte = UInt8(scalar.value)
      return (.bytes([byte]), ByteSet([byte]), false)
    }
  }

  private mutating func characterClass() throws(StringPatternError) -> PatternNode {
    var negated = false
    if peek == "^" {
      negated = true
      index += 1
    }
    var set = ByteSet()
    var nonASCII = false
    var first = true
    while let scalar = peek, scalar != "]" || first {
      first = false
      index += 1
      var low: UInt8
      if scalar == "\\" {
        let escaped = try escape(inClass: true)
        guard let escapedSet = escaped.set else { throw fail("unsupported escape in class") }
        if escapedSet.count > 1 {
          set.formUnion(escapedSet)
          nonASCII = nonASCII || escaped.nonASCII
          continue
        }
        guard let only = escapedSet.first else { throw fail("unsupported escape in class") }
        low = only
      } else {
        guard scalar.isASCII else { throw fail("non-ASCII characters in classes are not supported") }
        low = UInt8(scalar.value)
      }
      if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
        index += 1
        guard let upperScalar = peek, upperScalar.isASCII, upperScalar != "\\" else {
          throw fail("class ranges must be between ASCII characters")
        }
        index += 1
        let high = UInt8(upperScalar.value)
        guard low <= high else { throw fail("class range is reversed") }
        for byte in low...high { set.insert(byte) }
      } else {
        set.insert(low)
      }
    }
    guard peek == "]" else { throw fail("unterminated character class") }
    index += 1
    if negated { return .byteClass(ByteSet.unescapedASCII.subtracting(set), nonASCII: true) }
    return .byteClass(set, nonASCII: nonASCII)
  }
}
