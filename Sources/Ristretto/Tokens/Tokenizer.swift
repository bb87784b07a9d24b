/// Turns text into a model's token ids and back; counts are exact for the model it belongs to.
///
/// Text is tokenized as plain text by default: a string that spells a control token (such as
/// `<|im_start|>`) becomes the ordinary tokens of those characters, never the control token, so
/// text from users, tools and files cannot open or close a chat turn. Reading special-token
/// markers is an explicit choice (`parseSpecial: true`) that only template markup makes; see
/// ``RenderedPrompt``.
///
/// ```swift
/// let tokens = tokenizer.encode("Hello")
/// tokenizer.decode(tokens) // "Hello"
/// ```
public protocol Tokenizer: Sendable {
  /// The token ids of `text`.
  ///
  /// - Parameters:
  ///   - text: The text to tokenize.
  ///   - parseSpecial: Whether text that spells a special (control) token becomes that token.
  ///     Only template markup may pass `true`.
  func encode(_ text: String, parseSpecial: Bool) -> [Int]
  /// The text of `tokens`.
  func decode(_ tokens: [Int]) -> String
  /// The number of tokens in `text`, tokenized as plain text.
  func count(_ text: String) -> Int
  /// The number of tokens in `text`: the length of `encode(text, parseSpecial:)`.
  func count(_ text: String, parseSpecial: Bool) -> Int
  /// The texts of the vocabulary's special tokens (control and user-defined), for checks that
  /// no markup leaks into an answer. Empty when the tokenizer has none.
  var specialTokenTexts: [String] { get }
  /// The most UTF-8 bytes of text one token can stand for, or nil when unknown.
  var maximumTokenBytes: Int? { get }
  /// A lower bound on ``count(_:)`` from the text's bytes alone, without tokenizing: a prompt
  /// that can never fit a context is refused from it. Zero when no bound is known.
  func minimumTokenCount(_ text: String) -> Int
}

// MARK: - Default implementations

extension Tokenizer {
  /// The token ids of `text` as plain text: special-token markers are not read as special tokens.
  public func encode(_ text: String) -> [Int] { encode(text, parseSpecial: false) }

  /// The number of tokens `encode(text)` returns.
  public func count(_ text: String) -> Int { count(text, parseSpecial: false) }

  /// The length of ``encode(_:parseSpecial:)``.
  public func count(_ text: String, parseSpecial: Bool) -> Int { encode(text, parseSpecial: parseSpecial).count }

  /// None.
  public var specialTokenTexts: [String] { [] }

  /// Unknown.
  public var maximumTokenBytes: Int? { nil }

  /// Every byte becomes part of some token, and a token stands for at most
  /// ``maximumTokenBytes`` bytes; zero when that is unknown. A tokenizer that drops some bytes
  /// (byte-level BPE without a token for them) counts only the others.
  ///
  /// ```swift
  /// tokenizer.minimumTokenCount(String(repeating: "a", count: 100_000)) // ≤ tokenizer.count(…)
  /// ```
  public func minimumTokenCount(_ text: String) -> Int {
    guard let longest = maximumTokenBytes, longest > 0 else { return 0 }
    return (text.utf8.count + longest - 1) / longest
  }

  /// The token ids of a rendered prompt: its markup with special tokens read, its content as
  /// plain text, each piece on its own — exactly what a backend prefills for it.
  public func encode(_ prompt: RenderedPrompt) -> [Int] {
    prompt.pieces.flatMap { piece in encode(piece.text, parseSpecial: piece.isMarkup) }
  }

  /// The number of tokens a rendered prompt occupies.
  public func count(_ prompt: RenderedPrompt) -> Int {
    prompt.pieces.reduce(0) { $0 + count($1.text, parseSpecial: $1.isMarkup) }
  }
}

/// A rough tokenizer that counts one token per four bytes of UTF-8 (rounded up). Its name says
/// what it is: use it only where exact counts do not matter (tests of code that does not count
/// tokens).
public struct ApproximateTokenizer: Tokenizer {
  /// Creates the tokenizer.
  public init() {}

  /// One id per four-byte chunk (the chunk's first byte), so decoding is lossy.
  public func encode(_ text: String, parseSpecial: Bool) -> [Int] {
    let bytes = Array(text.utf8)
    return stride(from: 0, to: bytes.count, by: 4).map { Int(bytes[$0]) }
  }

  /// Not reversible: returns one placeholder character per token.
  public func decode(_ tokens: [Int]) -> String { String(repeating: "·", count: tokens.count) }

  /// `ceil(utf8 bytes / 4)`.
  public func count(_ text: String) -> Int { (text.utf8.count + 3) / 4 }

  /// Four: the bound is the count.
  public var maximumTokenBytes: Int? { 4 }
}
