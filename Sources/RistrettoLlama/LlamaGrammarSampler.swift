#if Llama
  import CLlama
  import Foundation

  /// A GGUF model's vocabulary alone (loaded with `vocab_only`), for llama.cpp's grammar sampler.
  public final class LlamaVocabulary {
    let model: ModelHandle
    /// How many tokens the vocabulary has.
    public let count: Int

    /// Loads the vocabulary of the GGUF file at `path` (and its weights unless `vocabularyOnly`).
    ///
    /// - Throws: ``LlamaError/fileNotFound(_:)`` or ``LlamaError/loadFailed(_:)``.
    public init(path: String, vocabularyOnly: Bool = true) throws(LlamaError) {
      _ = LlamaBackend.ready
      guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path) }
      try LlamaBackend.validate(path)
      var parameters = llama_model_default_params()
      parameters.vocab_only = vocabularyOnly
      guard let pointer = llama_model_load_from_file(path, parameters) else { throw .loadFailed(path) }
      model = try ModelHandle(pointer: pointer)
      count = Int(llama_vocab_n_tokens(model.vocab))
    }

    /// The token ids of `text` (no special tokens added or parsed).
    public func tokenize(_ text: String) -> [Int] {
      let bytes = Array(text.utf8CString)
      var tokens = [llama_token](repeating: 0, count: bytes.count + 8)
      let length = llama_tokenize(model.vocab, bytes, Int32(bytes.count - 1), &tokens, Int32(tokens.count), false, false)
      return tokens.prefix(max(Int(length), 0)).map(Int.init)
    }
  }

  /// llama.cpp's own grammar sampler (`llama_sampler_init_grammar`) over a whole vocabulary.
  ///
  /// Each step, ``applyToVocabulary()`` masks every token the grammar refuses; ``accept(_:)``
  /// then advances the grammar by one allowed token.
  ///
  /// ```swift
  /// let sampler = try LlamaGrammarSampler(vocabulary: vocabulary, grammar: GBNF(schema: schema).text)
  /// let elapsed = sampler.applyToVocabulary()
  /// if sampler.allows(token) { try sampler.accept(token) }
  /// ```
  public final class LlamaGrammarSampler {
    private let pointer: UnsafeMutablePointer<llama_sampler>
    private let vocabulary: LlamaVocabulary
    private var candidates: [llama_token_data]

    /// Parses `grammar` (GBNF) from its rule `root`.
    ///
    /// - Throws: ``LlamaError/unsupportedModel(_:)`` when llama.cpp cannot parse the grammar.
    public init(vocabulary: LlamaVocabulary, grammar: String, root: String = "root") throws(LlamaError) {
      guard let pointer = llama_sampler_init_grammar(vocabulary.model.vocab, grammar, root) else {
        throw .unsupportedModel("llama.cpp rejected the grammar")
      }
      self.pointer = pointer
      self.vocabulary = vocabulary
      candidates = (0..<Int32(vocabulary.count)).map { llama_token_data(id: $0, logit: 0, p: 0) }
    }

    deinit { llama_sampler_free(pointer) }

    /// Resets every token's logit, then lets the grammar mask the ones it refuses.
    ///
    /// - Returns: how long `llama_sampler_apply` took (the reset is not counted).
    @discardableResult
    public func applyToVocabulary(logits: [Float]? = nil) -> Duration {
      for index in candidates.indices {
        candidates[index] = llama_token_data(id: Int32(index), logit: logits?[index] ?? 0, p: 0)
      }
      let pointer = pointer
      return candidates.withUnsafeMutableBufferPointer { buffer in
        var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
        let start = ContinuousClock.now
        llama_sampler_apply(pointer, &array)
        return ContinuousClock.now - start
      }
    }

    /// Whether the last ``applyToVocabulary(logits:)`` left `token` allowed.
    public func allows(_ token: Int) -> Bool {
      guard token >= 0, token < candidates.count else { return false }
      if candidates[token].id == Int32(token) { return candidates[token].logit > -Float.infinity }
      return candidates.contains { $0.id == Int32(token) && $0.logit > -Float.infinity }
    }

    /// The allowed token with the highest logit after the last ``applyToVocabulary(logits:)``.
    public var bestAllowedToken: Int? {
      candidates.filter { $0.logit > -Float.infinity }.max { $0.logit < $1.logit }.map { Int($0.id) }
    }

    /// Advances the grammar by `token`, which the last mask must allow (llama.cpp aborts the
    /// process on a token its grammar cannot take).
    ///
    /// - Throws: ``LlamaError/unsupportedModel(_:)`` when the last mask refused `token`.
    public func accept(_ token: Int) throws(LlamaError) {
      guard allows(token) else { throw .unsupportedModel("the grammar refuses token \(token)") }
      llama_sampler_accept(pointer, llama_token(token))
    }
  }
#endif
