#if Llama
  import CLlama
  import Foundation
  import Ristretto

  /// The mutable state of one llama.cpp context: handles, the tokens in its KV cache, and the
  /// vocabulary trie for guided generation. Always used under the model's lock.
  struct LlamaEngine {
    let model: ModelHandle
    let context: ContextHandle
    let trie: TokenTrie
    let masks: TokenMaskComputer
    let endOfGeneration: Set<Int>
    /// The same tokens, as a list.
    let endOfGenerationList: [Int]
    let vocabularySize: Int
    /// Each token's bytes (empty for control and end-of-generation tokens).
    let pieces: [[UInt8]]
    /// The tokens whose keys and values are in the context's memory, in order.
    var cached: [Int32] = []
    /// What this engine has done, for ``LlamaLanguageModel/statistics``.
    var statistics = LlamaStatistics()
    /// Saved states of request prefixes.
    var promptCache: PromptCache

    init(
      model: ModelHandle, contextSize: Int, threads: Int, promptThreads: Int? = nil, promptCacheBytes: Int = 0
    ) throws(LlamaError) {
      self.model = model
      promptCache = PromptCache(byteLimit: promptCacheBytes)
      context = try ContextHandle(model: model, contextSize: contextSize, threads: threads, promptThreads: promptThreads)
      vocabularySize = Int(llama_vocab_n_tokens(model.vocab))
      var pieces: [[UInt8]] = []
      var ends = Set<Int>()
      pieces.reserveCapacity(vocabularySize)
      for token in 0..<vocabularySize {
        if llama_vocab_is_eog(model.vocab, Int32(token)) {
          ends.insert(token)
          pieces.append([])
        } else if llama_vocab_get_attr(model.vocab, Int32(token)).rawValue & LLAMA_TOKEN_ATTR_CONTROL.rawValue != 0 {
          pieces.append([])
        } else {
          pieces.append(LlamaTokenizer.piece(Int32(token), vocab: model.vocab))
        }
      }
      endOfGeneration = ends
      endOfGenerationList = ends.sorted()
      self.pieces = pieces
      trie = TokenTrie(tokens: pieces)
      masks = TokenMaskComputer(trie: trie, cacheLimit: 1 << 14)
    }

    /// Forgets the KV cache and the saved prefixes.
    mutating func reset() {
      if let memory = context.memory { llama_memory_clear(memory, true) }
      cached = []
      promptCache.removeAll()
    }

    /// Makes the context hold `prompt` and returns how many of its tokens were reused.
    ///
    /// Keeps the longest common prefix with what the context holds, or restores a saved state
    /// of an earlier prompt when that shares more; removes the rest and decodes only the new
    /// tokens. The state after the first `fixedPrefix` tokens (the request's instructions and
    /// tools) is saved in ``promptCache`` when it is not there yet.
    mutating func prefill(_ prompt: [Int32], fixedPrefix: Int = 0) throws(LlamaError) -> Int {
      var common = PromptCache.commonPrefix(cached, prompt)
      var restored = 0
      if let (entry, shared) = promptCache.best(for: prompt, moreThan: common + Self.leastRestored) {
        // A failed restore leaves the context empty.
        common = restore(entry) ? shared : 0
        restored = common
      }
      if common == prompt.count { common -= 1 }
      common = max(common, 0)
      if let memory = context.memory {
        if !llama_memory_seq_rm(memory, 0, Int32(common), -1) {
          llama_memory_clear(memory, true)
          common = 0
          restored = 0
        }
      }
      cached = Array(prompt.prefix(common))
      let clock = ContinuousClock.now
      let boundary = min(fixedPrefix, prompt.count)
      if boundary > common, promptCache.byteLimit > 0, !promptCache.contains(Array(prompt.prefix(boundary))) {
        try decode(prompt, from: common, to: boundary)
        save()
        try decode(prompt, from: boundary, to: prompt.count)
      } else {
        try decode(prompt, from: common, to: prompt.count)
      }
      statistics.requests += 1
      statistics.reusedPromptTokens += common
      statistics.restoredPromptTokens += min(restored, common)
      statistics.evaluatedPromptTokens += prompt.count - common
      statistics.prefillSeconds += (ContinuousClock.now - clock).seconds
      return common
    }

    /// A restore must save at least this many tokens over what the context holds (a copy of the
    /// state costs about as much as evaluating a token or two).
    static let leastRestored = 8

    /// Decodes `prompt[start..<end]` in batches of at most 512.
    private mutating func decode(_ prompt: [Int32], from start: Int, to end: Int) throws(LlamaError) {
      var start = start
      while start < end {
        let stop = min(start + 512, end)
        try decode(Array(prompt[start..<stop]))
        start = stop
      }
    }

    /// Replaces the context's sequence with a saved one; false (and an empty context) on failure.
    private mutating func restore(_ entry: PromptCache.Entry) -> Bool {
      guard let memory = context.memory else { return false }
      llama_memory_clear(memory, true)
      let read = entry.state.withUnsafeBufferPointer { buffer in
        llama_state_seq_set_data(context.pointer, buffer.baseAddress, buffer.count, 0)
      }
      guard read == entry.state.count else {
        llama_memory_clear(memory, true)
        cached = []
        return false
      }
      cached = entry.tokens
      return true
    }

    /// Saves the state of what the context holds now.
    private mutating func save() {
      let size = llama_state_seq_get_size(context.pointer, 0)
      guard size > 0 else { return }
      var state = [UInt8](repeating: 0, count: size)
      let written = state.withUnsafeMutableBufferPointer { buffer in
        llama_state_seq_get_data(context.pointer, buffer.baseAddress, size, 0)
      }
      guard written == size else { return }
      promptCache.insert(tokens: cached, state: state)
      statistics.savedPrefixes += 1
    }

    /// Decodes tokens at the end of the cache.
    mutating func decode(_ tokens: [Int32]) throws(LlamaError) {
      var batchTokens = tokens
      let code = batchTokens.withUnsafeMutableBufferPointer { buffer in
        llama_decode(context.pointer, llama_batch_get_one(buffer.baseAddress, Int32(buffer.count)))
      }
      guard code == 0 else { throw .decodeFailed(code: code) }
      cached += tokens
    }

    /// The logits after the last decoded token.
    func logits() -> UnsafeMutablePointer<Float>? { llama_get_logits_ith(context.pointer, -1) }
  }
#endif
