/// One pending obligation on a guidance thread's stack; the last frame is the innermost.
enum GuidanceFrame: Hashable, Sendable {
  /// A value of the node must start with the next byte.
  case value(Int32)
  /// Inside a literal: candidates `low..<high` of the set share the first `position` bytes.
  case literal(set: Int32, low: Int32, high: Int32, position: Int32)
  /// Inside an object, expecting a key (or `}`) from key set `position`.
  case objectKey(node: Int32, position: Int32, low: Int32, high: Int32, offset: Int32)
  /// After `[`: an element or `]`.
  case arrayOpen(node: Int32)
  /// After `count` elements: `,` or `]`.
  case arrayNext(node: Int32, count: Int32)
  /// Inside a string body.
  case string(StringProgress)
  /// Inside a number.
  case number(node: Int32, progress: NumberProgress)
  /// Inside a free (`any`) object: 0 after `{`, 1 after a key, 2 after a value, 3 after `,`.
  case anyObject(node: Int32, phase: Int8)
  /// Inside a free (`any`) array: 0 after `[`, 1 after a value.
  case anyArray(node: Int32, phase: Int8)
}

/// Where a string body stands: escapes, UTF-8 continuation, and the pattern run.
struct StringProgress: Hashable, Sendable {
  /// -1 for a free string, else the pattern index.
  var pattern: Int32
  /// The pattern's ``ByteDFA`` state (0 for free strings).
  var run: Int32 = 0
  /// 0 normal, 1 after `\`, 2...5 reading `\u` hex digits, 6 after `\uD` (0-7 must follow).
  var escape: Int8 = 0
  /// Continuation bytes still expected by the current UTF-8 sequence.
  var pending: Int8 = 0
  /// Bounds of the next continuation byte.
  var nextLow: UInt8 = 0x80
  var nextHigh: UInt8 = 0xBF
}

/// Where a number stands, with enough to decide whether its bounds can still be met.
struct NumberProgress: Hashable, Sendable {
  var negative = false
  /// 0 after `-`, 1 in integer digits, 2 after `.`, 3 in fraction digits.
  var phase: Int8 = 0
  var integerDigits: Int8 = 0
  var fractionDigits: Int8 = 0
  var integer: Int64 = 0
  var fraction: Int64 = 0
}
