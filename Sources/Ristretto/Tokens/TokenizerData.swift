import Foundation

/// What a tokenizer is built from: the vocabulary, token types, and merges (byte-level BPE) or
/// scores (SentencePiece), and the special tokens, as stored in a GGUF file's `tokenizer.ggml.*`
/// metadata or in a compact JSON extract of it (`Fixtures/tokenizers/*.json`, written by
/// `scripts/extract-tokenizer.py`).
///
/// ```swift
/// let data = try TokenizerData(gguf: GGUFMetadata(contentsOf: modelURL))
/// let tokenizer = try data.makeTokenizer() // BPETokenizer or SentencePieceTokenizer
/// ```
public struct TokenizerData: Sendable, Codable {
  /// `tokenizer.ggml.model`: `gpt2` (byte-level BPE) or `llama` (SentencePiece).
  public var model: String
  /// `tokenizer.ggml.pre`, the pre-tokenizer's name (`smollm`, `gpt2`, …).
  public var pre: String?
  /// Token texts: in the byte-to-unicode form GPT-2 vocabularies use, or SentencePiece pieces
  /// with `▁` (U+2581) for a space.
  public var tokens: [String]
  /// Token types (1 normal, 2 unknown, 3 control, 4 user-defined, 5 unused, 6 byte).
  public var types: [Int]?
  /// Merges as `"left right"`, highest priority first (byte-level BPE; empty for SentencePiece).
  public var merges: [String]
  /// Token scores (SentencePiece): of two adjacent pieces, the pair whose merged token scores
  /// highest is merged first.
  public var scores: [Float]?
  /// Whether a space is put before text that starts a prompt or follows a special token
  /// (SentencePiece; `tokenizer.ggml.add_space_prefix`, which llama.cpp reads as `true` when absent).
  public var addSpacePrefix: Bool?
  /// The beginning-of-sequence token.
  public var bos: Int?
  /// The end-of-sequence token.
  public var eos: Int?
  /// The end-of-turn token, if the metadata names one.
  public var eot: Int?
  /// The unknown token.
  public var unk: Int?
  /// The tokens that end generation as llama.cpp derives them (SentencePiece models): the end of
  /// sequence and end of turn, and every token whose text llama.cpp knows as an end marker
  /// (`<end_of_turn>`, `<eos>`, `</s>`, …).
  public var eog: [Int]?
  /// Whether a BOS token is added before a prompt.
  public var addBos: Bool?
  /// The model's chat template (Jinja text), if any.
  public var chatTemplate: String?
  /// The context length the model was trained with.
  public var contextLength: Int?

  /// Reads the tokenizer from GGUF metadata.
  /// - Throws: ``GGUFError/missingTokenizer(_:)`` when the metadata has no tokenizer.
  public init(gguf metadata: GGUFMetadata) throws(GGUFError) {
    guard let model = metadata.string("tokenizer.ggml.model") else { throw .missingTokenizer("no tokenizer.ggml.model") }
    guard let tokens = metadata.strings("tokenizer.ggml.tokens"), !tokens.isEmpty else {
      throw .missingTokenizer("no tokenizer.ggml.tokens")
    }
    self.model = model
    self.pre = metadata.string("tokenizer.ggml.pre")
    self.tokens = tokens
    self.types = metadata.integers("tokenizer.ggml.token_type")
    self.merges = metadata.strings("tokenizer.ggml.merges") ?? []
    self.bos = metadata.integer("tokenizer.ggml.bos_token_id")
    self.eos = metadata.integer("tokenizer.ggml.eos_token_id")
    self.eot = metadata.integer("tokenizer.ggml.eot_token_id")
    self.unk = metadata.integer("tokenizer.ggml.unknown_token_id")
    self.addBos = metadata.bool("tokenizer.ggml.add_bos_token")
    self.chatTemplate = metadata.string("tokenizer.chat_template")
    let architecture = metadata.string("general.architecture") ?? "llama"
    self.contextLength = metadata.integer("\(architecture).context_length")
    if model == "llama" {
      self.scores = metadata.floats("tokenizer.ggml.scores")?.map { Float($0) }
      self.addSpacePrefix = metadata.bool("tokenizer.ggml.add_space_prefix")
      let eom = metadata.integer("tokenizer.ggml.eom_token_id")
      self.eog = LlamaVocabRules(tokens: tokens, eos: eos ?? 2, eot: eot, eom: eom).endOfGeneration
    }
  }

  /// Reads the compact JSON extract.
  public init(json data: Data) throws {
    self = try JSONDecoder().decode(TokenizerData.self, from: data)
  }
}

// MARK: - Choosing the tokenizer

extension TokenizerData {
  /// The tokenizer this data describes: a ``BPETokenizer`` for `gpt2` vocabularies, a
  /// ``SentencePieceTokenizer`` for `llama` (SentencePiece) ones.
  ///
  /// ```swift
  /// let tokenizer = try TokenizerData(json: fixture).makeTokenizer()
  /// tokenizer.count("Why is my moka pot sputtering?")
  /// ```
  ///
  /// - Throws: ``GGUFError/missingTokenizer(_:)`` naming the model when it is neither.
  public func makeTokenizer() throws(GGUFError) -> any Tokenizer {
    switch model {
    case "gpt2": try BPETokenizer(data: self)
    case "llama": try SentencePieceTokenizer(data: self)
    default:
      throw .missingTokenizer(
        "tokenizer model '\(model)' is not supported (gpt2 byte-level BPE and llama SentencePiece are)")
    }
  }

  /// The tokenizer of a GGUF file, read from its metadata alone.
  ///
  /// ```swift
  /// let tokenizer = try TokenizerData.tokenizer(gguf: GGUFMetadata(contentsOf: modelURL))
  /// ```
  ///
  /// - Throws: ``GGUFError/missingTokenizer(_:)`` when the metadata has no supported tokenizer.
  public static func tokenizer(gguf metadata: GGUFMetadata) throws(GGUFError) -> any Tokenizer {
    try TokenizerData(gguf: metadata).makeTokenizer()
  }
}

// MARK: - llama.cpp's rules by token text

/// What llama.cpp (`llama_vocab::impl::load`) decides from token texts rather than metadata:
/// which tokens end generation, and which change type (an end marker becomes a control token
/// whatever its stored type; gpt-oss's channel markers become user-defined).
///
/// Fill-in-the-middle markers, which llama.cpp also detects by text, are left out.
struct LlamaVocabRules {
  /// Texts llama.cpp treats as end of generation (and marks as control tokens).
  static let endOfGenerationTexts: Set<String> = [
    "<|eot_id|>", "<|im_end|>", "<|end|>", "<|return|>", "<|call|>", "<|flush|>", "<|calls|>",
    "<end_of_turn>", "<|endoftext|>", "</s>", "<|eom_id|>", "<EOT>", "_<EOT>", "[EOT]", "[EOS]",
    "<|end_of_text|>", "<end_of_utterance>", "<eos>", "<turn|>", "<|tool_response>",
    "<\u{FF5C}end\u{2581}of\u{2581}sentence\u{FF5C}>", "[e~[",
  ]

  /// Texts llama.cpp always makes user-defined (gpt-oss's channel markers).
  static let userDefinedTexts: Set<String> = ["<|channel|>", "<|message|>", "<|start|>", "<|constrain|>"]

  /// The end-of-generation ids, sorted.
  let endOfGeneration: [Int]
  /// Token types that llama.cpp overrides by text (3 control, 4 user-defined, 1 normal), by id.
  let typeOverrides: [Int: Int]

  /// Applies the rules to a vocabulary; `eos`, `eot` and `eom` are the ids the metadata names.
  init(tokens: [String], eos: Int?, eot: Int?, eom: Int?) {
    var markers: [String: Int] = [:]  // the last id of a repeated text wins, as in llama.cpp
    for (id, token) in tokens.enumerated() {
      guard let first = token.utf8.first,
        first == UInt8(ascii: "<") || first == UInt8(ascii: "[") || first == UInt8(ascii: "_")
      else { continue }
      if Self.endOfGenerationTexts.contains(token) || Self.userDefinedTexts.contains(token) { markers[token] = id }
    }
    var overrides: [Int: Int] = [:]
    var eog = Set<Int>()
    for (text, id) in markers {
      if Self.endOfGenerationTexts.contains(text) {
        overrides[id] = 3
        eog.insert(id)
      } else {
        overrides[id] = 4
      }
    }
    // The end-of-turn token llama.cpp detects by text when the metadata names none is always
    // one of the markers already.
    for id in [eos, eot, eom].compactMap(\.self) where tokens.indices.contains(id) { eog.insert(id) }
    // Two markers llama.cpp takes back when the vocabulary shows they are ordinary there.
    let texts = Set(eog.map { tokens[$0] })
    let hasCall = texts.contains("<|call|>") || texts.contains("<|calls|>")
    if hasCall, texts.contains("<|return|>") || texts.contains("<|flush|>"), let id = markers["<|end|>"], eog.contains(id) {
      eog.remove(id)
      overrides[id] = 4
    }
    if texts.contains("<|tool_response>") || texts.contains("<|plamo:eos|>"), let id = markers["</s>"], eog.contains(id) {
      eog.remove(id)
      overrides[id] = 1
    }
    endOfGeneration = eog.sorted()
    typeOverrides = overrides
  }
}
