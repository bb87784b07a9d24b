#if Llama
  import CLlama
  import Ristretto
  import Foundation

  /// The model's own tokenizer, through `llama_tokenize` (exact by definition).
  public final class LlamaTokenizer: Tokenizer {
    private let model: LockedValue<ModelHandle>

    /// The most bytes one token's piece holds (special tokens as their text).
    public let maximumTokenBytes: Int?
    /// The bytes some token's piece is alone: a byte-level BPE vocabulary may lack a few, and
    /// llama.cpp drops those bytes.
    private let coveredBytes: [Bool]

    /// - Parameter model: a vocabulary-only load of the model, owned by this tokenizer alone.
    init(model: sending ModelHandle) {
      let count = llama_vocab_n_tokens(model.vocab)
      var longest = 0
      var covered = [Bool](repeating: false, count: 256)
      for token in 0..<count {
        let piece = Self.piece(token, vocab: model.vocab)
        longest = max(longest, piece.count)
        if piece.count == 1 { covered[Int(piece[0])] = true }
      }
      maximumTokenBytes = longest > 0 ? longest : nil
      coveredBytes = covered
      self.model = LockedValue(model)
    }

    /// At least one token per ``maximumTokenBytes`` bytes, counting only bytes with a token.
    public func minimumTokenCount(_ text: String) -> Int {
      guard let longest = maximumTokenBytes else { return 0 }
      let covered = text.utf8.reduce(0) { $0 + (coveredBytes[Int($1)] ? 1 : 0) }
      return (covered + longest - 1) / longest
    }

    /// Token ids of `text`; special-token markers are read as special tokens only with
    /// `parseSpecial` (template markup).
    public func encode(_ text: String, parseSpecial: Bool) -> [Int] { tokens(text, parseSpecial: parseSpecial).map(Int.init) }

    /// The texts of the vocabulary's control and user-defined tokens.
    public var specialTokenTexts: [String] {
      model.withLock { model in
        let count = llama_vocab_n_tokens(model.vocab)
        let special = LLAMA_TOKEN_ATTR_CONTROL.rawValue | LLAMA_TOKEN_ATTR_USER_DEFINED.rawValue
        return (0..<count).compactMap { token -> String? in
          guard llama_vocab_get_attr(model.vocab, token).rawValue & special != 0,
            let text = llama_vocab_get_text(model.vocab, token)
          else { return nil }
          return String(cString: text)
        }
      }
    }

    /// The vocabulary's control tokens (ids and texts), as llama.cpp marks them.
    public var controlTokens: [(id: Int, text: String)] {
      model.withLock { model in
        let count = llama_vocab_n_tokens(model.vocab)
        return (0..<count).compactMap { token -> (id: Int, text: String)? in
          guard llama_vocab_get_attr(model.vocab, token).rawValue & LLAMA_TOKEN_ATTR_CONTROL.rawValue != 0,
            let text = llama_vocab_get_text(model.vocab, token)
          else { return nil }
          return (Int(token), String(cString: text))
        }
      }
    }

    /// The text of `tokens`.
    public func decode(_ tokens: [Int]) -> String {
      String(decoding: tokens.flatMap { piece(Int32($0)) }, as: UTF8.self)
    }

    func tokens(_ text: String, parseSpecial: Bool) -> [Int32] {
      model.withLock { model in Self.tokens(text, vocab: model.vocab, parseSpecial: parseSpecial) }
    }

    /// `llama_tokenize` without adding BOS/EOS, growing the buffer when the first guess is short.
    static func tokens(_ text: String, vocab: OpaquePointer, parseSpecial: Bool) -> [Int32] {
      let utf8 = Array(text.utf8)
      var buffer = [llama_token](repeating: 0, count: utf8.count + 8)
      func tokenize() -> Int32 {
        utf8.withUnsafeBufferPointer { bytes in
          bytes.withMemoryRebound(to: CChar.self) { chars in
            llama_tokenize(vocab, chars.baseAddress, Int32(utf8.count), &buffer, Int32(buffer.count), false, parseSpecial)
          }
        }
      }
      var count = tokenize()
      if count < 0 {
        buffer = [llama_token](repeating: 0, count: Int(-count))
        count = tokenize()
      }
      return Array(buffer.prefix(Int(max(count, 0))))
    }

    /// The bytes of one token (special tokens rendered as their text).
    func piece(_ token: Int32) -> [UInt8] {
      model.withLock { model in Self.piece(token, vocab: model.vocab) }
    }

    static func piece(_ token: Int32, vocab: OpaquePointer) -> [UInt8] {
      var buffer = [CChar](repeating: 0, count: 64)
      var length = llama_token_to_piece(vocab, token, &buffer, Int32(buffer.count), 0, true)
      if length < 0 {
        buffer = [CChar](repeating: 0, count: Int(-length))
        length = llama_token_to_piece(vocab, token, &buffer, Int32(buffer.count), 0, true)
      }
      return buffer.prefix(Int(max(length, 0))).map { UInt8(bitPattern: $0) }
    }
  }
#endif
