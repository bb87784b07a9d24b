/// Searches in text from the data files and from tool arguments without Foundation's
/// `String.contains(_:)`: on Linux it goes through `range(of:)`, which traps on some text (a string
/// index past the end of its UTF-16 view, found by the `moka-tools` fuzz target in a bean's name).
///
/// ASCII text is compared byte by byte, which is also what makes a search over 100,000 entries
/// fast; other text character by character, so an accent matches in either Unicode form.
enum TextSearch {
  /// Whether `text` contains `part` (an empty `part` is in every text).
  static func contains(_ text: String, _ part: String) -> Bool {
    var text = text, part = part
    let found = text.withUTF8 { haystack in
      part.withUTF8 { needle in bytes(haystack, contain: needle, ignoringCase: false) }
    }
    return found ?? characters(Array(text), contain: Array(part))
  }

  /// Whether `text`, lower-cased, contains `lowered` (itself lower case); an empty `lowered` is in
  /// no text, as with `lowercased().contains`.
  static func containsIgnoringCase(_ text: String, _ lowered: String) -> Bool {
    guard !lowered.isEmpty else { return false }
    var text = text, lowered = lowered
    let found = text.withUTF8 { haystack in
      lowered.withUTF8 { needle in bytes(haystack, contain: needle, ignoringCase: true) }
    }
    return found ?? characters(Array(text.lowercased()), contain: Array(lowered))
  }

  /// Whether the ASCII `haystack` holds `needle` (with the haystack's capitals read as small
  /// letters when `ignoringCase`); nil when either is not ASCII.
  private static func bytes(
    _ haystack: UnsafeBufferPointer<UInt8>, contain needle: UnsafeBufferPointer<UInt8>, ignoringCase: Bool
  ) -> Bool? {
    guard haystack.allSatisfy({ $0 < 0x80 }), needle.allSatisfy({ $0 < 0x80 }) else { return nil }
    func folded(_ byte: UInt8) -> UInt8 { ignoringCase && (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
    return occurs(needle, in: haystack) { folded($0) == $1 }
  }

  /// Whether `text` holds `part` as a run of characters (compared as the standard library does:
  /// canonically equivalent characters are equal).
  private static func characters(_ text: [Character], contain part: [Character]) -> Bool {
    occurs(part, in: text, ==)
  }

  /// Whether `part` occurs in `text` at some offset, element by element by `equal(textElement,
  /// partElement)` (an empty `part` occurs everywhere).
  private static func occurs<Elements: RandomAccessCollection>(
    _ part: Elements, in text: Elements, _ equal: (Elements.Element, Elements.Element) -> Bool
  ) -> Bool where Elements.Index == Int {
    guard !part.isEmpty else { return true }
    guard part.count <= text.count else { return false }
    return (0...(text.count - part.count)).contains { start in
      (0..<part.count).allSatisfy { equal(text[text.startIndex + start + $0], part[part.startIndex + $0]) }
    }
  }
}
