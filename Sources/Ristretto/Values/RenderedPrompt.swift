/// A request rendered into the exact text a model reads, with the boundary between template
/// markup and content kept.
///
/// Markup (turn markers, role names, the beginning-of-sequence token) is what the backend's chat
/// template writes; it is tokenized with special tokens read. Content (instructions, prompts,
/// tool definitions and outputs, transcript entries — anything that came from a user, a tool, a
/// file or the network) is tokenized as plain text, so text that spells a control token can
/// never become one. Each piece is tokenized on its own, so counts are additive: the tokens of a
/// prompt are the sum of its pieces' tokens, and a backend that prefills
/// `tokenizer.encode(prompt)` reads exactly what was counted.
///
/// ```swift
/// var prompt = RenderedPrompt()
/// prompt.append(markup: "<|im_start|>user\n")
/// prompt.append(content: userText)
/// prompt.append(markup: "<|im_end|>\n")
/// let ids = tokenizer.encode(prompt)
/// ```
public struct RenderedPrompt: Sendable, Equatable, CustomStringConvertible {
  /// One run of markup or content.
  public enum Piece: Sendable, Equatable {
    /// Template markup, tokenized with special tokens read.
    case markup(String)
    /// Text from a user, a tool or a file, tokenized as plain text.
    case content(String)

    /// The piece's text.
    public var text: String {
      switch self {
      case .markup(let text), .content(let text): text
      }
    }

    /// Whether the piece is template markup.
    public var isMarkup: Bool {
      if case .markup = self { return true }
      return false
    }
  }

  /// The pieces, in order. Empty pieces are never stored.
  public private(set) var pieces: [Piece]

  /// A prompt made of `pieces` (empty ones are dropped).
  public init(_ pieces: [Piece] = []) {
    self.pieces = pieces.filter { !$0.text.isEmpty }
  }

  /// Appends template markup.
  public mutating func append(markup text: String) {
    if !text.isEmpty { pieces.append(.markup(text)) }
  }

  /// Appends content (tokenized as plain text, on its own).
  public mutating func append(content text: String) {
    if !text.isEmpty { pieces.append(.content(text)) }
  }

  /// Appends every piece of `other`.
  public mutating func append(_ other: RenderedPrompt) {
    pieces += other.pieces
  }

  /// The whole text, markup and content joined.
  public var text: String { pieces.map(\.text).joined() }

  /// The whole text.
  public var description: String { text }
}
