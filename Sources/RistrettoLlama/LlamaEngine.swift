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

    init(model: ModelHandle, contextSize: Int, threads: Int) throws(LlamaError) {
      self.model = model
      context = try ContextHandle(model: model, contextSize: contextSize, threads: threads)
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

    /// Forgets the KV cache.
    mutating func reset() {
      if let memory = context.memory { llama_memory_clear(memory, true) }
      cached = []
    }

    /// Makes the context hold `prompt`: keeps the longest common prefix with what is cached,
    /// removes the rest and decodes only the new tokens. Returns how many were reused.
    mutating func prefill(_ prompt: [Int32]) throws(LlamaError) -> Int {
      var common = zip(cached, prompt).prefix { $0 == $1 }.count
      if common == prompt.count { common -= 1 }
      common = max(common, 0)
      if let memory = context.memory {
        if !llama_memory_seq_rm(memory, 0, Int32(common), -1) {
          llama_memory_clear(memory, true)
          common = 0
        }
      }
      cached = Array(prompt.prefix(common))
      var start = common
      while start < prompt.count {
        let end = min(start + 512, prompt.count)
        try decode(Array(prompt[start..<end]))
        start = end
      }
      return common
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
