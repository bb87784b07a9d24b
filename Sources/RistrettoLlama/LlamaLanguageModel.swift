#if Llama
  import CLlama
  import Foundation
  import Ristretto
  import Synchronization

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
    /// How requests become messages (tools use the compact renderer by default).
    public let promptRenderer: PromptRenderer
    /// Whether the model may answer in text when tools are enabled, or must call one first.
    public let toolCalling: ToolCalling
    let engine: Mutex<LlamaEngine?>
    /// CPU threads used for decoding.
    public let threads: Int
    private let loadResult: Result<LlamaTokenizer, LlamaError>
    private let chatTemplate: String?

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
    ///   - contextSize: Tokens of context (default 4,096).
    ///   - threads: CPU threads for decoding (default: all cores, at most 8).
    ///   - progress: Called with the load progress from 0 to 1.
    public init(
      path: String, contextSize: Int = 4096, threads: Int? = nil, promptRenderer: PromptRenderer = PromptRenderer(),
      toolCalling: ToolCalling = .automatic, progress: (@Sendable (Double) -> Void)? = nil
    ) {
      _ = LlamaBackend.ready
      self.path = path
      self.contextSize = contextSize
      self.promptRenderer = promptRenderer
      self.toolCalling = toolCalling
      let threadCount = threads ?? min(8, ProcessInfo.processInfo.activeProcessorCount)
      self.threads = threadCount
      var engine: LlamaEngine?
      var template: String?
      loadResult = Result { () throws(LlamaError) -> LlamaTokenizer in
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path) }
        let handle = try Self.load(path, vocabularyOnly: false, progress: progress)
        template = llama_model_chat_template(handle.pointer, nil).map { String(cString: $0) }
        engine = try LlamaEngine(model: handle, contextSize: contextSize, threads: threadCount)
        // The tokenizer gets its own vocabulary-only load, so it never shares a handle with the
        // context that is decoding.
        return LlamaTokenizer(model: try Self.load(path, vocabularyOnly: true, progress: nil))
      }
      self.engine = Mutex(engine)
      chatTemplate = template
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
      case .failure(let error): .unavailable(reason: error.errorDescription ?? "\(error)")
      }
    }

    /// The model's tokenizer (`llama_tokenize`), or an approximate one when loading failed.
    public var tokenizer: any Tokenizer {
      (try? loadResult.get()) ?? ApproximateTokenizer()
    }

    /// The prompt text: the request's messages through the model's chat template.
    public func renderPrompt(_ request: GenerationRequest) -> String {
      let messages = promptRenderer.messages(for: request)
      guard let chatTemplate, let text = Self.apply(template: chatTemplate, messages) else {
        return promptRenderer.render(request)
      }
      return text
    }

    static func apply(template: String, _ messages: [(role: String, content: String)]) -> String? {
      let roles = messages.map { strdup($0.role) }
      let contents = messages.map { strdup($0.content) }
      defer {
        roles.forEach { free($0) }
        contents.forEach { free($0) }
      }
      var chat = zip(roles, contents).map { llama_chat_message(role: $0, content: $1) }
      var buffer = [CChar](repeating: 0, count: 8192)
      var length = llama_chat_apply_template(template, &chat, chat.count, true, &buffer, Int32(buffer.count))
      if length > buffer.count {
        buffer = [CChar](repeating: 0, count: Int(length) + 1)
        length = llama_chat_apply_template(template, &chat, chat.count, true, &buffer, Int32(buffer.count))
      }
      guard length >= 0 else { return nil }
      return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Decodes the request's fixed prefix (instructions and tools) so later requests reuse it.
    public func prewarm(_ request: GenerationRequest) async {
      guard case .success(let tokenizer) = loadResult else { return }
      let prompt = tokenizer.tokens(renderPrompt(request), parseSpecial: true)
      await Self.onThread {
        self.engine.withLock { engine in _ = try? engine?.prefill(prompt) }
      }
    }

    /// Forgets the KV cache (the next request prefills from scratch).
    public func resetCache() {
      engine.withLock { $0?.reset() }
    }

    /// Generates on a dedicated thread, streaming events; cancellation is checked every token.
    public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
      let (stream, continuation) = AsyncThrowingStream<GenerationEvent, any Error>.makeStream()
      guard case .success(let tokenizer) = loadResult else {
        continuation.finish(throwing: LanguageModelSession.GenerationError.modelUnavailable(reason: availability.reasonText))
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

  extension ModelAvailability {
    var reasonText: String {
      if case .unavailable(let reason) = self { return reason }
      return ""
    }
  }
#endif
