/// Notices when free text starts looping — a small model's commonest failure — so a backend can
/// stop instead of repeating itself to the token limit.
///
/// Feed it each generated token; it reports a loop when the newest `window` tokens already
/// occurred, in the same order, earlier in the output. ``trimmedLength`` is where the repeated
/// run began, so the caller can drop the repetition.
///
/// ```swift
/// var detector = RepetitionDetector()
/// for token in tokens where detector.append(token) { break }
/// ```
public struct RepetitionDetector: Sendable {
  /// How many tokens in a row must recur to count as a loop.
  public let window: Int
  private var tokens: [Int] = []
  private var seen: [Int: [Int]] = [:]
  /// The number of tokens to keep once a loop was found (the output before the repeat).
  public private(set) var trimmedLength: Int?

  /// Creates a detector.
  /// - Parameter window: Tokens in a row that must recur (default 12: long enough that ordinary
  ///   phrasing such as list markers does not trip it).
  public init(window: Int = 12) {
    self.window = max(2, window)
  }

  /// Adds a token; returns true when the output now ends with a run it already contained.
  public mutating func append(_ token: Int) -> Bool {
    tokens.append(token)
    guard tokens.count >= window else { return false }
    let start = tokens.count - window
    var hash = 0
    for index in start..<tokens.count { hash = hash &* 31 &+ tokens[index] }
    if seen[hash]?.contains(where: { tokens[$0..<$0 + window].elementsEqual(tokens[start...]) }) == true {
      trimmedLength = start
      return true
    }
    seen[hash, default: []].append(start)
    return false
  }
}
