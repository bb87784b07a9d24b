import Synchronization

/// A conversation with a language model: instructions, tools, a transcript, and requests that
/// run the tool-calling loop until the model answers.
///
/// Tools and instructions are fixed when the session is made (iOS-26 behaviour); for tools and
/// instructions that change per request see ``DynamicProfile``. One request runs at a time; a
/// failed or cancelled request leaves the transcript exactly as it was.
///
/// ```swift
/// let session = LanguageModelSession(model: model, tools: [BeanSearch()], instructions: "You are a moka-pot assistant.")
/// let answer = try await session.respond(to: "Suggest a dark roast")
/// print(answer.content)
/// ```
public final class LanguageModelSession: Sendable {
  /// The backend this session talks to.
  public let model: any LanguageModel
  /// The most tool-calling rounds one request may take before it fails with
  /// ``GenerationError/toolLoopLimit(rounds:)``.
  public let maximumToolRounds: Int
  /// What to do when the history no longer fits the context.
  public let historyPolicy: HistoryPolicy
  /// How many tool calls with arguments that break their schema one request may make; each is
  /// refused (the tool does not run) and the model is told what was wrong, and one more fails
  /// the request with ``GenerationError/invalidToolArguments(tool:reason:attempts:)``.
  public let maximumArgumentCorrections: Int

  struct Configuration: Sendable {
    var instructions: Instructions?
    var tools: [any Tool]
  }

  struct State: Sendable {
    var transcript: Transcript
    var configuration: Configuration
    var isResponding = false
  }

  let state: Mutex<State>
  let profile: (@Sendable () -> Configuration)?
  let historyTransform: (@Sendable ([Transcript.Entry]) -> [Transcript.Entry])?

  /// Creates a session with fixed tools and instructions.
  ///
  /// - Parameters:
  ///   - model: The backend.
  ///   - tools: The tools the model may call.
  ///   - instructions: What the model is told before any request.
  ///   - maximumToolRounds: The most tool-calling rounds per request (default 8).
  ///   - historyPolicy: What to do when the history outgrows the context (default: throw).
  ///   - maximumArgumentCorrections: How many refused tool calls (arguments that break the
  ///     tool's schema) a request may make before it fails (default 2).
  public convenience init(
    model: any LanguageModel, tools: [any Tool] = [], instructions: Instructions? = nil,
    maximumToolRounds: Int = 8, historyPolicy: HistoryPolicy = .strict, maximumArgumentCorrections: Int = 2
  ) {
    let configuration = Configuration(instructions: instructions, tools: tools)
    self.init(
      model: model, configuration: configuration, transcript: Transcript(entries: [Self.instructionsEntry(configuration)]),
      profile: nil, historyTransform: nil, maximumToolRounds: maximumToolRounds, historyPolicy: historyPolicy,
      maximumArgumentCorrections: maximumArgumentCorrections)
  }

  /// Creates a session with fixed tools and instructions built by a result builder.
  public convenience init(
    model: any LanguageModel, tools: [any Tool] = [], @InstructionsBuilder instructions: () -> Instructions
  ) {
    self.init(model: model, tools: tools, instructions: instructions())
  }

  /// Restores a session from a transcript; its instructions entry (if any) supplies the instructions.
  public convenience init(
    model: any LanguageModel, tools: [any Tool] = [], transcript: Transcript,
    maximumToolRounds: Int = 8, historyPolicy: HistoryPolicy = .strict
  ) {
    let instructions = transcript.instructions.map { Instructions(segments: $0.segments.map(\.text)) }
    self.init(
      model: model, configuration: Configuration(instructions: instructions, tools: tools), transcript: transcript,
      profile: nil, historyTransform: nil, maximumToolRounds: maximumToolRounds, historyPolicy: historyPolicy)
  }

  init(
    model: any LanguageModel, configuration: Configuration, transcript: Transcript,
    profile: (@Sendable () -> Configuration)?, historyTransform: (@Sendable ([Transcript.Entry]) -> [Transcript.Entry])?,
    maximumToolRounds: Int, historyPolicy: HistoryPolicy, maximumArgumentCorrections: Int = 2
  ) {
    self.maximumArgumentCorrections = maximumArgumentCorrections
    self.model = model
    self.state = Mutex(State(transcript: transcript, configuration: configuration))
    self.profile = profile
    self.historyTransform = historyTransform
    self.maximumToolRounds = maximumToolRounds
    self.historyPolicy = historyPolicy
  }

  /// The conversation so far.
  public var transcript: Transcript { state.withLock { $0.transcript } }

  /// Whether a request is running.
  public var isResponding: Bool { state.withLock { $0.isResponding } }

  /// The tools the model may call now.
  public var tools: [any Tool] { state.withLock { $0.configuration.tools } }

  /// Asks the backend to load and cache what every request of this session starts with.
  public func prewarm() async {
    let configuration = currentConfiguration()
    let request = GenerationRequest(
      transcript: Transcript(entries: [Self.instructionsEntry(configuration)]), tools: configuration.tools.map(\.definition))
    await model.prewarm(request)
  }

  func currentConfiguration() -> Configuration {
    profile?() ?? state.withLock { $0.configuration }
  }

  static func instructionsEntry(_ configuration: Configuration) -> Transcript.Entry {
    .instructions(
      Transcript.Instructions(
        segments: (configuration.instructions?.segments ?? []).map { .text($0) },
        toolDefinitions: configuration.tools.map(\.definition)))
  }
}

extension LanguageModelSession {
  /// Answers `prompt` with text, running tools as the model calls them.
  public func respond(to prompt: Prompt, options: GenerationOptions = GenerationOptions()) async throws -> Response<String> {
    let result = try await run(prompt: prompt, schema: nil, includeSchemaInPrompt: false, options: options, onSnapshot: nil)
    return result.response { content in
      if case .string(let text) = content.kind { return text }
      return content.jsonString
    }
  }

  /// Answers `prompt` with text.
  public func respond(to prompt: String, options: GenerationOptions = GenerationOptions()) async throws -> Response<String> {
    try await respond(to: Prompt(prompt), options: options)
  }

  /// Answers `prompt` with a value of a generable type, generated under its schema.
  public func respond<Content: Generable>(
    to prompt: Prompt, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
    options: GenerationOptions = GenerationOptions()
  ) async throws -> Response<Content> {
    let result = try await run(
      prompt: prompt, schema: Content.generationSchema, includeSchemaInPrompt: includeSchemaInPrompt, options: options,
      onSnapshot: nil)
    let content: Content
    do {
      content = try Content(result.content)
    } catch {
      throw GenerationError.decodingFailure(error.localizedDescription)
    }
    return result.response { _ in content }
  }

  /// Answers `prompt` with content generated under a run-time schema.
  public func respond(
    to prompt: Prompt, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
    options: GenerationOptions = GenerationOptions()
  ) async throws -> Response<GeneratedContent> {
    let result = try await run(
      prompt: prompt, schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options, onSnapshot: nil)
    return result.response { $0 }
  }

  /// Streams cumulative text snapshots of the answer to `prompt`.
  public func streamResponse(to prompt: Prompt, options: GenerationOptions = GenerationOptions()) -> ResponseStream<String> {
    stream(prompt: prompt, schema: nil, includeSchemaInPrompt: false, options: options) { content in
      if case .string(let text) = content.kind { return text }
      return content.jsonString
    }
  }

  /// Streams cumulative snapshots of a generable answer; each snapshot's `content` is set once
  /// the partial value decodes.
  public func streamResponse<Content: Generable>(
    to prompt: Prompt, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
    options: GenerationOptions = GenerationOptions()
  ) -> ResponseStream<Content> {
    stream(prompt: prompt, schema: Content.generationSchema, includeSchemaInPrompt: includeSchemaInPrompt, options: options) {
      try Content($0)
    }
  }

  private func stream<Content: Sendable>(
    prompt: Prompt, schema: GenerationSchema?, includeSchemaInPrompt: Bool, options: GenerationOptions,
    decode: @escaping @Sendable (GeneratedContent) throws -> Content
  ) -> ResponseStream<Content> {
    let (stream, continuation) = AsyncThrowingStream<ResponseStream<Content>.Snapshot, any Error>.makeStream()
    let task = Task<Response<Content>, any Error> {
      do {
        let result = try await self.run(
          prompt: prompt, schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options
        ) { raw in
          continuation.yield(.init(content: try? decode(raw), rawContent: raw))
        }
        let content: Content
        do {
          content = try decode(result.content)
        } catch {
          throw GenerationError.decodingFailure(error.localizedDescription)
        }
        continuation.finish()
        return result.response { _ in content }
      } catch {
        continuation.finish(throwing: error)
        throw error
      }
    }
    continuation.onTermination = { termination in
      if case .cancelled = termination { task.cancel() }
    }
    return ResponseStream(stream: stream, final: { try await task.value })
  }
}
