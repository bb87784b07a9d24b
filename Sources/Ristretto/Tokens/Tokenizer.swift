/// Turns text into a model's token ids and back; counts are exact for the model it belongs to.
///
/// ```swift
/// let tokens = tokenizer.encode("Hello")
/// tokenizer.decode(tokens) // "Hello"
/// ```
public protocol Tokenizer: Sendable {
  /// The token ids of `text`. Special-token markers (such as `<|im_start|>`) in the text are
  /// read as the special tokens they name.
  func encode(_ text: String) -> [Int]
  /// The text of `tokens`.
  func decode(_ tokens: [Int]) -> String
  /// The number of tokens in `text`.
  func count(_ text: String) -> Int
}

extension Tokenizer {
  /// The length of ``encode(_:)``.
  public func count(_ text: String) -> Int { encode(text).count }
}

/// A rough tokenizer that counts one token per four bytes of UTF-8 (rounded up), plus one per
/// word boundary it cannot merge. Its name says what it is: use it only where exact counts do
/// not matter (tests of code that does not count tokens).
public struct ApproximateTokenizer: Tokenizer {
  /// Creates the tokenizer.
  public init() {}

  /// One id per four-byte chunk (the chunk's first byte), so decoding is lossy.
  public func encode(_ text: String) -> [Int] {
    let bytes = Array(text.utf8)
    return stride(from: 0, to: bytes.count, by: 4).map { Int(bytes[$0]) }
  }

  /// Not reversible: returns one placeholder character per token.
  public func decode(_ tokens: [Int]) -> String { String(repeating: "·", count: tokens.count) }

  /// `ceil(utf8 bytes / 4)`.
  public func count(_ text: String) -> Int { (text.utf8.count + 3) / 4 }
}
