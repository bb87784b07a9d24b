/// Characters that keep a string alive from a point of it: ASCII bytes, and multi-byte
/// characters all or none, for up to `length` characters (or without end).
///
/// At a point of a free string, or at a pattern state that such characters lead back to, any
/// run of them is accepted; after the first passes of a bounded repetition (`.{0,80}`), runs
/// up to the repetitions left are. So a token made of them alone, short enough, is allowed there
/// whatever it spells, and a trie node whose subtree holds nothing else
/// (``TrieTables/Summary``) gives all its tokens at once.
struct CharacterRun: Sendable {
  /// The ASCII bytes, 0–63 and 64–127.
  var low: UInt64 = 0
  var high: UInt64 = 0
  var multibyte: Bool
  /// The most characters, ``unbounded`` for any number.
  var length: UInt8 = CharacterRun.unbounded

  static let unbounded: UInt8 = 255

  /// No characters.
  static let none = CharacterRun(multibyte: false, length: 0)

  /// Between characters of a free string: printable ASCII but the quote and backslash, and
  /// every multi-byte character, without end.
  static let freeString: CharacterRun = {
    var run = CharacterRun(multibyte: true)
    for byte in GuidanceState.plainStringBytes where byte < 0x80 { run.insert(byte) }
    return run
  }()

  mutating func insert(_ byte: UInt8) {
    if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
  }

  func contains(_ byte: UInt8) -> Bool {
    byte < 64 ? low & 1 << UInt64(byte) != 0 : byte < 128 && high & 1 << UInt64(byte - 64) != 0
  }

  /// Whether the run allows nothing.
  var isEmpty: Bool { length == 0 || (low == 0 && high == 0 && !multibyte) }

  /// Whether this run, taken after one character of `outer`, ends when `outer` does: both without
  /// end, or this one at least a character sooner. (A bounded run of 255 characters or more reads
  /// as ``unbounded``, so a run without end is followed only by runs without end.)
  func isShorter(than outer: CharacterRun) -> Bool {
    outer.length == Self.unbounded
      ? length == Self.unbounded : length != Self.unbounded && Int(length) + 1 <= Int(outer.length)
  }

  /// Whether every token below a trie node with this summary is a run of these characters.
  func covers(_ summary: TrieTables.Summary) -> Bool {
    summary.wholeCharacters && (multibyte || !summary.nonASCII) && summary.low & ~low == 0 && summary.high & ~high == 0
      && (length == Self.unbounded || summary.maxBytes <= length)
  }
}

/// Well-formed UTF-8, as the free string body and the trie summaries read it.
enum UTF8Shape {
  /// The point after `byte` from `point` (0 between characters; 1–7 inside one, by what may
  /// come next), or -1 when the byte cannot come there.
  static func step(_ point: Int, _ byte: UInt8) -> Int {
    switch (point, byte) {
    case (0, 0x00...0x7F): 0
    case (0, 0xC2...0xDF): 1
    case (0, 0xE0): 3
    case (0, 0xED): 4
    case (0, 0xE1...0xEF): 2
    case (0, 0xF0): 6
    case (0, 0xF4): 7
    case (0, 0xF1...0xF3): 5
    case (1, 0x80...0xBF): 0
    case (2, 0x80...0xBF), (3, 0xA0...0xBF), (4, 0x80...0x9F): 1
    case (5, 0x80...0xBF), (6, 0x90...0xBF), (7, 0x80...0x8F): 2
    default: -1
    }
  }

  /// The bytes that start a multi-byte character.
  static let leadBytes = Array(UInt8(0xC2)...0xF4)

  /// The ranges of the continuation bytes that follow `lead`, in order.
  static func continuations(after lead: UInt8) -> [ClosedRange<UInt8>] {
    switch lead {
    case 0xC2...0xDF: [0x80...0xBF]
    case 0xE0: [0xA0...0xBF, 0x80...0xBF]
    case 0xED: [0x80...0x9F, 0x80...0xBF]
    case 0xE1...0xEF: [0x80...0xBF, 0x80...0xBF]
    case 0xF0: [0x90...0xBF, 0x80...0xBF, 0x80...0xBF]
    case 0xF4: [0x80...0x8F, 0x80...0xBF, 0x80...0xBF]
    default: [0x80...0xBF, 0x80...0xBF, 0x80...0xBF]
    }
  }
}
