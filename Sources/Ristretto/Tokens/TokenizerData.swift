import Foundation

/// What a byte-level BPE tokenizer is built from: the vocabulary, token types, merges and
/// special tokens, as stored in a GGUF file's `tokenizer.ggml.*` metadata or in a compact JSON
/// extract of it (`Fixtures/tokenizers/*.json`, written by `scripts/extract-tokenizer.py`).
public struct TokenizerData: Sendable, Codable {
  /// `tokenizer.ggml.model` (only `gpt2`, byte-level BPE, is supported).
  public var model: String
  /// `tokenizer.ggml.pre`, the pre-tokenizer's name (`smollm`, `gpt2`, …).
  public var pre: String?
  /// Token texts, in the byte-to-unicode form GPT-2 vocabularies use.
  public var tokens: [String]
  /// Token types (1 normal, 3 control, 4 user-defined, 6 byte, …).
  public var types: [Int]?
  /// Merges as `"left right"`, highest priority first.
  public var merges: [String]
  /// The beginning-of-sequence token.
  public var bos: Int?
  /// The end-of-sequence token.
  public var eos: Int?
  /// The end-of-turn token, if the model has one.
  public var eot: Int?
  /// Whether a BOS token is added before a prompt.
  public var addBos: Bool?
  /// The model's chat template (Jinja text), if any.
  public var chatTemplate: String?
  /// The context length the model was trained with.
  public var contextLength: Int?

  /// Reads the tokenizer from GGUF metadata.
  /// - Throws: ``GGUFError/missingTokenizer(_:)`` when the metadata has no BPE tokenizer.
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
    self.addBos = metadata.bool("tokenizer.ggml.add_bos_token")
    self.chatTemplate = metadata.string("tokenizer.chat_template")
    let architecture = metadata.string("general.architecture") ?? "llama"
    self.contextLength = metadata.integer("\(architecture).context_length")
  }

  /// Reads the compact JSON extract.
  public init(json data: Data) throws {
    self = try JSONDecoder().decode(TokenizerData.self, from: data)
  }
}
