/// What one byte does to a string body.
enum StringStep: Equatable {
  /// The byte cannot come here.
  case refused
  /// The byte is the closing quote.
  case closed
  /// The byte is inside the string, which now stands here.
  case inside(StringProgress)
}

extension GuidanceStepper {
  /// One byte inside a string body (its frame already popped from `thread`).
  func stepString(_ progress: StringProgress, _ byte: UInt8, _ thread: inout [GuidanceFrame]) -> Bool {
    switch advanceString(progress, byte) {
    case .refused: return false
    case .closed: return true
    case .inside(let next):
      thread.append(.string(next))
      return true
    }
  }

  /// One byte inside a string body: the DFA for patterns, escapes and UTF-8 for free strings.
  func advanceString(_ progress: StringProgress, _ byte: UInt8) -> StringStep {
    guard progress.pattern >= 0 else { return Self.advanceFreeString(progress, byte) }
    let automaton = grammar.patterns[Int(progress.pattern)]
    if byte == UInt8(ascii: "\"") { return automaton.accepts(progress.run) ? .closed : .refused }
    var next = progress
    next.run = automaton.step(progress.run, byte)
    return next.run >= 0 ? .inside(next) : .refused
  }

  /// One byte inside a free string body: JSON escapes and well-formed UTF-8, no control bytes.
  static func advanceFreeString(_ progress: StringProgress, _ byte: UInt8) -> StringStep {
    var next = progress
    if progress.escape == 1 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        next.escape = 0
      case UInt8(ascii: "u"): next.escape = 2
      default: return .refused
      }
    } else if progress.escape == 6 {
      // After `\uD`: only 0-7 follow, so no surrogate half (`\uD800`-`\uDFFF`) is written; JSON
      // parsers refuse an unpaired one, and a character past U+FFFF is written as UTF-8.
      guard (0x30...0x37).contains(byte) else { return .refused }
      next.escape = 4
    } else if progress.escape >= 2 {
      let isHex = (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
      guard isHex else { return .refused }
      let startsSurrogate = progress.escape == 2 && (byte == UInt8(ascii: "D") || byte == UInt8(ascii: "d"))
      next.escape = startsSurrogate ? 6 : progress.escape == 5 ? 0 : progress.escape + 1
    } else if progress.pending > 0 {
      guard byte >= progress.nextLow, byte <= progress.nextHigh else { return .refused }
      next.pending -= 1
      next.nextLow = 0x80
      next.nextHigh = 0xBF
    } else {
      switch byte {
      case UInt8(ascii: "\""): return .closed
      case UInt8(ascii: "\\"): next.escape = 1
      case 0x00..<0x20: return .refused
      case 0x20..<0x80: break
      case 0xC2...0xDF: next.pending = 1
      case 0xE0: (next.pending, next.nextLow) = (2, 0xA0)
      case 0xED: (next.pending, next.nextHigh) = (2, 0x9F)
      case 0xE1...0xEF: next.pending = 2
      case 0xF0: (next.pending, next.nextLow) = (3, 0x90)
      case 0xF4: (next.pending, next.nextHigh) = (3, 0x8F)
      case 0xF1...0xF3: next.pending = 3
      default: return .refused
      }
    }
    return .inside(next)
  }
}
