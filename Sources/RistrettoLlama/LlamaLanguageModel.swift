#if Llama
  import CLlama
  import Foundation
  import Synchronization
  import Ristretto

  /// A GGUF model run through llama.cpp's C API, with guided generation done by masking logits
  /// with Ristretto's own automaton and the prompt cache reused across turns.
  ///
  /// Built only with the `Llama` trait (`swift build --traits Llama`), against a libllama found
  /// by pkg-config (`scripts/install-llama.sh` installs one).
  ///
  /// ```swift
  /// let model = LlamaLanguageModel(path: "SmolLM2-135M-Instruct.Q4_1.gguf")
  /// guard model.availability.isAvailable else { … }
  /// let session = LanguageModelSession(model: model, instructions: "You are a moka-pot assistant.")
  /// ```
  public final class LlamaLanguageModel: LanguageModel {
    /// The GGUF file.
    public let path: String
    /// The context size in tokens.
    public let contextSize: Int
    /// How requests become text: the model's chat template and the tool renderer.
    public let promptRenderer: PromptRenderer
    /// Whether the model may answer in text when tools are enabled, or must call one first.
    public let toolCalling: ToolCalling
    /// The longest free string (characters) a guided tool call may write into an argument; nil
    /// for no limit. A small model may otherwise never close a string.
    public let maximumToolStringLength: Int?
    let engine: LockedValue<LlamaEngine?>
    /// CPU threads used for decoding, one token at a time.
    public let threads: Int
    /// CPU threads used for prefill, when a batch of prompt tokens is evaluated at once.
    public let promptThreads: Int

    /// The default thread count: every core but one, at most 8, at least 1.
    ///
    /// A small model's graph per token is a few milliseconds of work split by hundreds of thread
    /// barriers, and ggml's workers spin at each one: when another process takes a core, a thread
    /// that waits for a descheduled partner burns its time slice, and decoding drops from tens of
    /// tokens per second to one. Leaving a core to the app and the system keeps the speed steady
    /// (on 2 cores, 1 thread: about 90 prompt tokens and 30–45 generated tokens per second for
    /// SmolLM2-135M, busy machine or not, where 2 threads swing between 50 and 200, and 0.3 and 70).
    public static var defaultThreads: Int {
      max(1, min(8, ProcessInfo.processInfo.activeProcessorCount - 1))
    }

    /// The default prefill thread count: every core, at most 8.
    ///
    /// A prefill is one graph over the whole batch of prompt tokens, so its thread barriers are
    /// few and each thread has real work between them: it scales with cores where decoding does
    /// not. Prompt tokens are most of an answer's cost on a small model, so prefill takes every core.
    public static var defaultPromptThreads: Int {
      max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
    }
    private let loadResult: Result<LlamaTokenizer, LlamaError>

    /// When a request enables tools, how the first tokens are chosen.
    public enum ToolCalling: Sendable {
      /// The model decides: a reply that starts with `{` becomes a guided tool call.
      case automatic
      /// The first reply of a turn must be a tool call; once tool outputs are in, the reply is text.
      case required
    }

    /// Loads a model.
    ///
    /// Failures do not crash: ``availability`` becomes `.unavailable` with the reason.
    /// - Parameters:
    ///   - path: The GGUF file.
    ///   - contextSize: The most tokens of context (default 4,096), capped at the context the
    ///     model was trained with (its GGUF's `<arch>.context_length`).
    ///   - threads: CPU threads for decoding (default ``defaultThreads``: all cores but one, at
    ///     most 8).
    ///   - promptThreads: CPU threads for prefill (default ``defaultPromptThreads``: all cores, at
    ///     most 8; when `threads` is given, the same number).
    ///   - template: The chat template; `nil` (the default) uses the family of the file's own
    ///     template, else the one its architecture is trained with, else a plain completion format
    ///     (``ChatTemplate/detect(jinja:architecture:)``).
    ///   - toolRenderer: How tool definitions are written (default compact).
    ///   - toolCalling: Whether the first reply of a turn may be text when tools are enabled
    ///     (default ``ToolCalling/required``: a guided tool call, which small models need).
    ///   - maximumToolStringLength: The longest free string a guided tool call may write (default 80).
    ///   - promptCacheBytes: Host memory for saved request prefixes (default 64 MB; 0 turns the
    ///     cache off). Each request's instructions and tool definitions are saved once, so a
    ///     prefix that another request pushed out of the context comes back as a copy instead of
    ///     being evaluated again (about 23 KB per token for SmolLM2-135M).
    ///   - progress: Called with the load progress from 0 to 1.
    public init(
      path: String, contextSize: Int = defaultContextSize, threads: Int? = nil, promptThreads: Int? = nil,
      template: ChatTemplate? = nil,
      toolRenderer: ToolRenderer = .compact, toolCalling: ToolCalling = .required, maximumToolStringLength: Int? = 80,
      promptCacheBytes: Int = 64 << 20, progress: (@Sendable (Double) -> Void)? = nil
    ) {
      self.maximumToolStringLength = maximumToolStringLength
      _ = LlamaBackend.ready
      self.path = path
      self.toolCalling = toolCalling
      let threadCount = max(1, threads ?? Self.defaultThreads)
      self.threads = threadCount
      let promptThreadCount = max(1, promptThreads ?? (threads ?? Self.defaultPromptThreads))
      self.promptThreads = promptThreadCount
      var engine: LlamaEngine?
      var detected = ChatTemplate.plain
      var effectiveContext = contextSize
      loadResult = Result { () throws(LlamaError) -> LlamaTokenizer in
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path) }
        try LlamaBackend.validate(path)
        let handle = try Self.load(path, vocabularyOnly: false, progress: progress)
        let jinja = llama_model_chat_template(handle.pointer, nil).map { String(cString: $0) }
        detected = ChatTemplate.detect(jinja: jinja, architecture: Self.metadata(handle, "general.architecture"))
        let trained = Int(llama_model_n_ctx_train(handle.pointer))
        if trained > 0 { effectiveContext = min(contextSize, trained) }
        engine = try LlamaEngine(
          model: handle, contextSize: effectiveContext, threads: threadCount, promptThreads: promptThreadCount,
          promptCacheBytes: promptCacheBytes)
        // The tokenizer gets its own vocabulary-only load, so it never shares a handle with the
        // context that is decoding.
        return LlamaTokenizer(model: try Self.load(path, vocabularyOnly: true, progress: nil))
      }
      self.contextSize = effectiveContext
      self.engine = LockedValue(engine)
      promptRenderer = PromptRenderer(template: template ?? detected, toolRenderer: toolRenderer)
    }

    /// A string value of the model's GGUF metadata.
    static func metadata(_ model: ModelHandle, _ key: String) -> String? {
      var buffer = [CChar](repeating: 0, count: 256)
      let length = llama_model_meta_val_str(model.pointer, key, &buffer, buffer.count)
      guard length >= 0 else { return nil }
      return String(decoding: buffer.prefix(min(Int(length), buffer.count - 1)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func load(_ path: String, vocabularyOnly: Bool, progress: (@Sendable (Double) -> Void)?) throws(LlamaError)
      -> ModelHandle
    {
      var parameters = llama_model_default_params()
      parameters.vocab_only = vocabularyOnly
      let box = progress.map(ProgressBox.init)
      if let box {
        parameters.progress_callback = { fraction, user in
          guard let user else { return true }
          Unmanaged<ProgressBox>.fromOpaque(user).takeUnretainedValue().report(Double(fraction))
          return true
        }
        parameters.progress_callback_user_data = Unmanaged.passUnretained(box).toOpaque()
      }
      let pointer = withExtendedLifetime(box) { llama_model_load_from_file(path, parameters) }
      guard let pointer else { throw .loadFailed(path) }
      return try ModelHandle(pointer: pointer)
    }

    var loadResultForBenchmark: Result<LlamaTokenizer, LlamaError> { loadResult }

    /// Available once loaded; otherwise the reason loading failed.
    public var availability: ModelAvailability {
      switch loadResult {
      case .success: .available
      case .failure(.fileNotFound(let path)): .unavailable(.modelFileMissing(path: path))
      case .failure(let error): .unavailable(.loadFailed(error.errorDescription ?? "\(error)"))
      }
    }

    /// The model's tokenizer (`llama_tokenize`), or an approximate one when loading failed.
    public var tokenizer: any Tokenizer {
      (try? loadResult.get()) ?? ApproximateTokenizer()
    }

    /// Decodes the request's fixed prefix (instructions and tools) so later requests reuse it.
    public func prewarm(_ request: GenerationRequest) async {
      guard case .success(let tokenizer) = loadResult else { return }
      let prompt = tokenizer.encode(render(request)).map(Int32.init)
      let fixed = fixedPrefixLength(of: request, prompt: prompt, tokenizer: tokenizer)
      await Self.onThread {
        self.engine.withLock { engine in _ = try? engine?.prefill(prompt, fixedPrefix: fixed) }
      }
    }

    /// What the model has done since it was loaded: prompt tokens reused from the KV cache and
    /// evaluated, tokens generated, and the seconds each took (see ``LlamaStatistics``).
    ///
    /// Waits while a generation runs.
    public var statistics: LlamaStatistics {
      engine.withLock { $0?.statistics ?? LlamaStatistics() }
    }

    /// How many leading tokens of `prompt` (the rendering of `request`) are its fixed prefix: the
    /// instructions and tool definitions, which the prompt cache saves.
    func fixedPrefixLength(of request: GenerationRequest, prompt: [Int32], tokenizer: LlamaTokenizer) -> Int {
      guard let first = request.transcript.entries.first, case .instructions = first else { return 0 }
      var head = request
      head.transcript = Transcript(entries: [first])
      return PromptCache.commonPrefix(tokenizer.encode(render(head)).map(Int32.init), prompt)
    }

    /// Forgets the KV cache and the saved prefixes (the next request prefills from scratch).
    public func resetCache() {
      engine.withLock { $0?.reset() }
    }

    /// Generates on a dedicated thread, streaming events; cancellation is checked every token.
    public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
      let (stream, continuation) = AsyncThrowingStream<GenerationEvent, any Error>.makeStream()
      guard case .success(let tokenizer) = loadResult else {
        continuation.finish(throwing: LanguageModelSession.GenerationError.modelUnavailable(availability.reason))
        return stream
      }
      let cancelled = CancelFlag()
      continuation.onTermination = { _ in cancelled.set() }
      let job = GenerationJob(model: self, tokenizer: tokenizer, request: request, cancelled: cancelled)
      let thread = Thread {
        do {
          try job.run { continuation.yield($0) }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      thread.stackSize = 8 << 20
      thread.start()
      return stream
    }

    static func onThread(_ body: @escaping @Sendable () -> Void) async {
      await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
        let thread = Thread {
          body()
          resume.resume()
        }
        thread.start()
      }
    }
  }

  /// Holds the progress closure for the C callback.
  final class ProgressBox {
    let report: @Sendable (Double) -> Void
    init(_ report: @escaping @Sendable (Double) -> Void) { self.report = report }
  }

  /// Set when the consumer stops listening; checked every token.
  final class CancelFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .relaxed) }
    var isSet: Bool { flag.load(ordering: .relaxed) }
  }

#endif
