#if Llama
  import CLlama
  import Foundation
  import Ristretto

  extension LlamaLanguageModel {
    /// A timed decode: tokens generated and seconds spent in the decode loop.
    public struct DecodeMeasurement: Sendable {
      /// Tokens generated.
      public var tokens: Int
      /// Seconds spent generating them (prefill excluded).
      public var seconds: Double
      /// Tokens per second.
      public var tokensPerSecond: Double { seconds > 0 ? Double(tokens) / seconds : 0 }
    }

    /// Times this backend's own decode loop on `prompt` for `tokens` tokens: unguided (never
    /// stopping at end-of-generation) or guided by `schema` (restarting when a value completes).
    public func measureDecode(prompt: RenderedPrompt, tokens: Int, schema: GenerationSchema?) throws -> DecodeMeasurement {
      guard case .success(let tokenizer) = loadResultForBenchmark else { throw LlamaError.loadFailed(path) }
      let promptTokens = tokenizer.encode(prompt).map(Int32.init)
      let grammar = try schema.map { try GuidanceGrammar(schema: $0) }
      return try engine.withLock { (slot: inout LlamaEngine?) throws -> DecodeMeasurement in
        guard slot != nil else { throw LlamaError.loadFailed(path) }
        var measured = DecodeMeasurement(tokens: 0, seconds: 0)
        while measured.tokens < tokens {
          slot!.reset()
          _ = try slot!.prefill(promptTokens)
          var loop = DecodeLoop(
            engine: slot!, options: GenerationOptions(sampling: .greedy), mode: grammar == nil ? .text : .structured,
            grammar: grammar, toolGrammar: nil, cancelled: nil)
          loop.ignoreEndOfGeneration = grammar == nil
          loop.allowIncomplete = true
          let start = ContinuousClock.now
          let output = try loop.run(limit: tokens - measured.tokens) { _ in }
          let elapsed = ContinuousClock.now - start
          slot = loop.engine
          measured.tokens += max(output.tokenCount, 1)
          measured.seconds += Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        return measured
      }
    }

    /// Times a plain decode loop written directly against llama.cpp's C API (greedy sampler,
    /// one token per `llama_decode`), on a fresh context of the same model, prompt and threads.
    public func measurePlainLoop(prompt: RenderedPrompt, tokens: Int) throws -> DecodeMeasurement {
      guard case .success(let tokenizer) = loadResultForBenchmark else { throw LlamaError.loadFailed(path) }
      var promptTokens = tokenizer.encode(prompt).map(Int32.init)
      return try engine.withLock { (slot: inout LlamaEngine?) throws -> DecodeMeasurement in
        guard let engine = slot else { throw LlamaError.loadFailed(path) }
        let context = try ContextHandle(
          model: engine.model, contextSize: contextSize, threads: threads, promptThreads: promptThreads)
        let code = promptTokens.withUnsafeMutableBufferPointer {
          llama_decode(context.pointer, llama_batch_get_one($0.baseAddress, Int32($0.count)))
        }
        guard code == 0 else { throw LlamaError.decodeFailed(code: code) }
        let sampler = llama_sampler_init_greedy()
        defer { llama_sampler_free(sampler) }
        let start = ContinuousClock.now
        for _ in 0..<tokens {
          var token = llama_sampler_sample(sampler, context.pointer, -1)
          let status = llama_decode(context.pointer, llama_batch_get_one(&token, 1))
          guard status == 0 else { throw LlamaError.decodeFailed(code: status) }
        }
        let elapsed = ContinuousClock.now - start
        return DecodeMeasurement(
          tokens: tokens, seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
      }
    }
  }
#endif
