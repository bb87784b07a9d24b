import Foundation

/// A SentencePiece tokenizer built from GGUF metadata (`tokenizer.ggml.model` `llama`, as in
/// Gemma 3), matching llama.cpp's `llama_tokenize` (checked against it on Gemma 3 270M with a
/// golden file of over a thousand strings).
///
/// It follows llama.cpp's SPM path: special and user-defined tokens are cut out of the text first
/// (longest first), then in each remaining piece spaces become `▁`, adjacent pieces are merged
/// into the vocabulary token that scores highest (leftmost on ties), and characters that are no
/// token fall back to their `<0xXX>` byte tokens.
///
/// Text is plain text by default: control tokens named in the text (`<start_of_turn>`) are read
/// as single tokens only with `parseSpecial: true`. User-defined tokens (Gemma's runs of
/// newlines, spaces and tabs, and its HTML tags) are matched either way, as llama.cpp does.
///
/// ```swift
/// let tokenizer = try SentencePieceTokenizer(gguf: GGUFMetadata(contentsOf: gemmaURL))
/// tokenizer.encode("<start_of_turn>user\nHi", parseSpecial: true) // [105, 2364, 107, 10979]
/// ```
public final class SentencePieceTokenizer: Tokenizer {
  /// The data the tokenizer was built from.
  public let data: TokenizerData
  private let vocabulary: PieceTable
  private let scores: [Float]
  private let kinds: [PieceKind]
  private let byteTokens: [Int32]
  private let specials: SpecialTokenMatcher
  private let addSpacePrefix: Bool
  private let counts = TokenCountMemo()
  /// The tokens that span a space, or nil when there are too many to cut text at spaces.
  private let spaceJoiners: [SpaceJoiner]?

  /// How a token turns back into bytes.
  enum PieceKind: UInt8, Sendable {
    /// A piece of text, `▁` standing for a space.
    case normal
    /// One byte, spelled `<0xXX>`.
    case byte
    /// A control, unknown or user-defined token: its text as is.
    case special
    /// An unused or undefined token: nothing.
    case empty
  }

  /// Builds the tokenizer from extracted tokenizer data.
  /// - Throws: ``GGUFError/missingTokenizer(_:)`` for a model other than SentencePiece (`llama`).
  public init(data: TokenizerData) throws(GGUFError) {
    guard data.model == "llama" else {
      throw .missingTokenizer("tokenizer model '\(data.model)' is not SentencePiece (llama)")
    }
    self.data = data
    let count = data.tokens.count
    let vocabulary = PieceTable(tokens: data.tokens)
    self.vocabulary = vocabulary
    if let stored = data.scores, stored.count >= count {
      scores = stored
    } else {
      scores = [Float](repeating: 0, count: count)
    }
    let rules = LlamaVocabRules(tokens: data.tokens, eos: data.eos ?? 2, eot: data.eot, eom: nil)
    let types = data.types ?? []
    var kinds = [PieceKind](repeating: .normal, count: count)
    var specialIDs: [(id: Int32, controlled: Bool)] = []
    for id in 0..<count {
      let type = rules.typeOverrides[id] ?? (id < types.count ? types[id] : 1)
      switch type {
      case 1: kinds[id] = .normal
      case 6: kinds[id] = vocabulary.byteValue(of: id) == nil ? .normal : .byte
      case 2, 3, 4:
        kinds[id] = .special
        specialIDs.append((Int32(id), type != 4))
      default: kinds[id] = .empty
      }
    }
    self.kinds = kinds
    // An unknown-token id outside the vocabulary (a corrupt file) falls back to 0.
    let unknown = data.unk.flatMap { (0..<count).contains($0) ? Int32($0) : nil } ?? 0
    byteTokens = (0..<256).map { byte in
      let hex = String(byte, radix: 16, uppercase: true)
      let spelled = Array("<0x\(hex.count == 1 ? "0" : "")\(hex)>".utf8)
      let id = vocabulary.id(of: spelled) ?? vocabulary.id(of: [UInt8(byte)])
      return id.map(Int32.init) ?? unknown
    }
    specials = SpecialTokenMatcher(tokens: specialIDs, vocabulary: vocabulary)
    addSpacePrefix = data.addSpacePrefix ?? true
    maximumTokenBytes = Self.longestText(vocabulary, kinds)
    let joiners = vocabulary.tokensWithInnerSpace(limit: 64)
    spaceJoiners = joiners.map { $0.map { SpaceJoiner(text: vocabulary.text(of: $0.id), spaces: $0.offsets) } }
  }

  /// Reads the tokenizer of a GGUF file.
  public convenience init(gguf metadata: GGUFMetadata) throws(GGUFError) {
    try self.init(data: TokenizerData(gguf: metadata))
  }

  /// The number of tokens in the vocabulary.
  public var vocabularySize: Int { kinds.count }

  /// The most text bytes one token stands for, `▁` counted as the one space it is.
  public let maximumTokenBytes: Int?

  /// Each token's bytes (special tokens as their text), for building a ``TokenTrie``. Computed on
  /// each call.
  public var vocabularyBytes: [[UInt8]] { (0..<kinds.count).map(bytes(of:)) }

  /// The texts of the control and user-defined tokens (Gemma's user-defined tokens include runs
  /// of newlines, spaces and tabs, and HTML tags).
  public var specialTokenTexts: [String] {
    specials.ids.map { String(decoding: vocabulary.text(of: Int($0)), as: UTF8.self) }
  }

  /// The texts of the control tokens only (`<start_of_turn>`, `<eos>`, `<unused0>`, …): markup
  /// that plain text never produces.
  public var controlTokenTexts: [String] {
    zip(specials.ids, specials.controlled).filter(\.1).map {
      String(decoding: vocabulary.text(of: Int($0.0)), as: UTF8.self)
    }
  }

  /// The bytes of one token: `▁` as a space, `<0xXX>` as its byte, special tokens as their text.
  public func bytes(of token: Int) -> [UInt8] {
    guard token >= 0 && token < kinds.count else { return [] }
    switch kinds[token] {
    case .special: return vocabulary.text(of: token)
    case .empty: return []
    case .byte: return vocabulary.byteValue(of: token).map { [$0] } ?? []
    case .normal:
      let text = vocabulary.text(of: token)
      var result: [UInt8] = []
      result.reserveCapacity(text.count)
      var index = 0
      while index < text.count {
        if text[index] == 0xE2, index + 2 < text.count, text[index + 1] == 0x96, text[index + 2] == 0x81 {
          result.append(0x20)
          index += 3
        } else {
          result.append(text[index])
          index += 1
        }
      }
      return result
    }
  }

  /// The length of ``encode(_:parseSpecial:)``; long texts counted before are remembered
  /// (a bounded table), so a conversation's instructions and history are tokenized once.
  public func count(_ text: String, parseSpecial: Bool) -> Int {
    counts.count(text, parseSpecial: parseSpecial) { encode(text, parseSpecial: parseSpecial).count }
  }

  /// The token ids of `text`. With `parseSpecial` false only user-defined tokens are matched as
  /// a unit and control-token markers are tokenized as plain text (llama.cpp's `parse_special`).
  public func encode(_ text: String, parseSpecial: Bool) -> [Int] {
    let utf8 = Array(text.utf8)
    return utf8.withUnsafeBufferPointer { input in
      var output: [Int] = []
      output.reserveCapacity(input.count / 3 + 1)
      var previousIsSpecial = true
      var start = 0
      for match in specials.matches(in: input, parseSpecial: parseSpecial) {
        if match.start > start {
          encodePiece(input[start..<match.start], after: previousIsSpecial, into: &output)
        }
        output.append(Int(match.id))
        previousIsSpecial = true
        start = match.end
      }
      if start < input.count { encodePiece(input[start..<input.count], after: previousIsSpecial, into: &output) }
      return output
    }
  }

  /// The text of `tokens`, as llama.cpp detokenizes them with special tokens shown: bytes that
  /// do not form valid UTF-8 are replaced, and with a space prefix the first token's leading
  /// space is dropped.
  public func decode(_ tokens: [Int]) -> String {
    var result: [UInt8] = []
    for (index, token) in tokens.enumerated() {
      let piece = bytes(of: token)
      if index == 0 && addSpacePrefix && piece.first == 0x20 {
        result.append(contentsOf: piece.dropFirst())
      } else {
        result.append(contentsOf: piece)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The most text bytes a token stands for: `▁` is one space, a `<0xXX>` token one byte.
  private static func longestText(_ vocabulary: PieceTable, _ kinds: [PieceKind]) -> Int {
    var longest = 1
    for (id, kind) in kinds.enumerated() {
      switch kind {
      case .special: longest = max(longest, vocabulary.text(of: id).count)
      case .normal:
        let text = vocabulary.text(of: id)
        var spaces = 0
        for index in text.indices.dropLast(2) where text[index] == 0xE2 && text[index + 1] == 0x96 && text[index + 2] == 0x81 {
          spaces += 1
        }
        longest = max(longest, text.count - 2 * spaces)
      case .byte, .empty: continue
      }
    }
    return longest
  }

  // MARK: - The SPM merge

  /// Tokenizes text between special tokens: llama.cpp's `llm_tokenizer_spm_session`.
  private func encodePiece(_ raw: Slice<UnsafeBufferPointer<UInt8>>, after special: Bool, into output: inout [Int]) {
    var escaped: [UInt8] = []
    escaped.reserveCapacity(raw.count + 8)
    if addSpacePrefix && special { escaped.append(contentsOf: [0xE2, 0x96, 0x81]) }
    for byte in raw {
      if byte == 0x20 { escaped.append(contentsOf: [0xE2, 0x96, 0x81]) } else { escaped.append(byte) }
    }
    escaped.withUnsafeBufferPointer { text in
      scores.withUnsafeBufferPointer { scores in
        var start = 0
        while start < text.count {
          let end = nextChunkEnd(in: text, after: start)
          let chunk = UnsafeBufferPointer(rebasing: text[start..<end])
          PieceMerger.merge(chunk, vocabulary: vocabulary, scores: scores) { start, length in
            if let id = vocabulary.id(of: UnsafeBufferPointer(rebasing: chunk[start..<start + length])) {
              output.append(id)
            } else {
              for byte in chunk[start..<start + length] { output.append(Int(byteTokens[Int(byte)])) }
            }
          }
          start = end
        }
      }
    }
  }

  /// Where the chunk of `text` that starts at `start` ends: before the next `▁` that no token
  /// spans, or at the end.
  ///
  /// No bigram can cross such a `▁` (every pair merged is a token, and a token crossing it would
  /// hold a `▁` after its first byte), so the chunks merge independently and give llama.cpp's
  /// result for the whole piece, with small queues instead of one as long as the text.
  private func nextChunkEnd(in text: UnsafeBufferPointer<UInt8>, after start: Int) -> Int {
    guard let joiners = spaceJoiners else { return text.count }
    var index = start + 1
    while index + 2 < text.count {
      if text[index] == 0xE2 && text[index + 1] == 0x96 && text[index + 2] == 0x81
        && !joiners.contains(where: { $0.spans(text, at: index) })
      {
        return index
      }
      index += 1
    }
    return text.count
  }
}

/// A token with a `▁` after its first byte, such as Gemma's `>▁</`: it joins text across a space.
struct SpaceJoiner: Sendable {
  let text: [UInt8]
  /// Where its `▁`s start (after the first byte).
  let spaces: [Int]

  /// Whether the token appears in `text` with one of its `▁`s at `index`.
  func spans(_ other: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    spaces.contains { offset in
      let start = index - offset
      return start >= 0 && start + text.count <= other.count
        && other[start..<start + text.count].elementsEqual(text)
    }
  }
}
