/// A byte trie over a model's vocabulary, built once per vocabulary.
///
/// Walking the trie together with a ``GuidanceState`` checks each shared token prefix once:
/// when a prefix is refused, every token that starts with it is skipped.
///
/// It is built by a radix sort of the token bytes, with token classes beside it: the tokens a
/// free string may hold whole, the trie of what follows a string's closing quote in the
/// others, and the plain tokens by the characters they use, for pattern strings (see
/// ``TokenMaskComputer``).
///
/// ```swift
/// let trie = TokenTrie(tokens: tokenizer.vocabularyBytes)
/// let masks = TokenMaskComputer(trie: trie)
/// ```
public struct TokenTrie: Sendable {
  /// The trie of every token.
  let tables: TrieTables
  /// Token classes, so the commonest states need no walk of the whole trie.
  let classes: TokenClasses
  /// The tokens a pattern string may hold as they are, by their characters.
  let plain: PlainTokens
  /// The number of tokens in the vocabulary (the width of a mask).
  public let vocabularySize: Int

  /// Builds the trie from each token's bytes; empty tokens (special tokens with no text) are left out.
  public init(tokens: [[UInt8]]) {
    vocabularySize = tokens.count
    tables = TrieTables(tokens: tokens)
    classes = TokenClasses(tokens: tokens, trie: tables)
    plain = PlainTokens(tokens: tokens)
  }

  /// The number of trie nodes.
  public var nodeCount: Int { tables.nodeCount }

  /// The memory the trie and its token classes take, in bytes.
  public var byteCount: Int { tables.byteCount + classes.byteCount + plain.byteCount }
}
