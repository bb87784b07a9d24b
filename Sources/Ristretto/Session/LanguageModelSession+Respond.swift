/// Requests, in every form Foundation Models offers: a `Prompt` or a `String`, or a prompt built
/// in a trailing closure; text, a `Generable` type, or a run-time schema; whole or streamed.
///
/// ```swift
/// let answer = try await session.respond(to: question)
/// let plan = try await session.respond(generating: BrewPlan.self) { "Plan a brew for \(cups) cups" }
/// for try await snapshot in session.streamResponse(to: question) { print(snapshot.content) }
/// ```
extension LanguageModelSession {
  // MARK: - Text

  /// Answers `prompt` with text, running tools as the model calls them.
  @discardableResult
  public func respond(to prompt: Prompt, options: GenerationOptions = GenerationOptions()) async throws -> Response<String> {
    let result = try await run(prompt: prompt, schema: nil, includeSchemaInPrompt: false, options: options, onSnapshot: nil)
    return result.response(Self.text)
  }

  /// Answers `prompt` with text.
  @discardableResult
  public func respond(to prompt: String, options: GenerationOptions = GenerationOptions()) async throws -> Response<String> {
    try await respond(to: Prompt(prompt), options: options)
  }

  /// Answers the prompt the closure builds with text.
  @discardableResult
  public func respond(
    options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
  ) async throws -> Response<String> {
    try await respond(to: prompt(), options: options)
  }

  // MARK: - Generable

  /// Answers `prompt` with a value of a generable type, generated under its schema.
  @discardableResult
  public func respond<Content: Generable>(
    to prompt: Prompt, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
    options: GenerationOptions = GenerationOptions()
  ) async throws -> Response<Content> {
    let result = try await run(
      prompt: prompt, schema: Content.generationSchema, includeSchemaInPrompt: includeSchemaInPrompt, options: options,
      onSnapshot: nil)
    let content = try Self.decode(Content.self, result.content)
    return result.response { _ in content }
  }

  /// Answers `prompt` with a value of a generable type.
  @discardableResult
  public func respond<Content: Generable>(
    to prompt: String, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
    options: GenerationOptions = GenerationOptions()
  ) async throws -> Response<Content> {
    try await respond(to: Prompt(prompt), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
  }

  /// Answers the prompt the closure builds with a value of a generable type.
  @discardableResult
  public func respond<Content: Generable>(
    generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
    options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
  ) async throws -> Response<Content> {
    try await respond(to: prompt(), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
  }

  // MARK: - Run-time schema

  /// Answers `prompt` with content generated under a run-time schema.
  @discardableResult
  public func respond(
    to prompt: Prompt, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
    options: GenerationOptions = GenerationOptions()
  ) async throws -> Response<GeneratedContent> {
    let result = try await run(
      prompt: prompt, schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options, onSnapshot: nil)
    return result.response { $0 }
  }

  /// Answers `prompt` with content generated under a run-time schema.
  @discardableResult
  public func respond(
    to prompt: String, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
    options: GenerationOptions = GenerationOptions()
  ) async throws -> Response<GeneratedContent> {
    try await respond(to: Prompt(prompt), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
  }

  /// Answers the prompt the closure builds under a run-time schema.
  @discardableResult
  public func respond(
    schema: GenerationSchema, includeSchemaInPrompt: Bool = true, options: GenerationOptions = GenerationOptions(),
    @PromptBuilder prompt: () throws -> Prompt
  ) async throws -> Response<GeneratedContent> {
    try await respond(to: prompt(), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
  }

  // MARK: - Streaming

  /// Streams cumulative text snapshots of the answer to `prompt`.
  public func streamResponse(to prompt: Prompt, options: GenerationOptions = GenerationOptions()) -> ResponseStream<String> {
    stream(prompt: prompt, schema: nil, includeSchemaInPrompt: false, options: options, decode: Self.text)
  }

  /// Streams cumulative text snapshots of the answer to `prompt`.
  public func streamResponse(to prompt: String, options: GenerationOptions = GenerationOptions()) -> ResponseStream<String> {
    streamResponse(to: Prompt(prompt), options: options)
  }

  /// Streams cumulative text snapshots of the answer to the prompt the closure builds.
  public func streamResponse(
    options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
  ) rethrows -> ResponseStream<String> {
    streamResponse(to: try prompt(), options: options)
  }

  /// Streams cumulative snapshots of a generable answer: each snapshot's `content` is the
  /// type's partially generated form.
  public func streamResponse<Content: Generable>(
    to prompt: Prompt, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
    options: GenerationOptions = GenerationOptions()
  ) -> ResponseStream<Content> {
    stream(prompt: prompt, schema: Content.generationSchema, includeSchemaInPrompt: includeSchemaInPrompt, options: options) {
      try Content($0)
    }
  }

  /// Streams cumulative snapshots of a generable answer.
  public func streamResponse<Content: Generable>(
    to prompt: String, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
    options: GenerationOptions = GenerationOptions()
  ) -> ResponseStream<Content> {
    streamResponse(to: Prompt(prompt), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
  }

  /// Streams cumulative snapshots of a generable answer to the prompt the closure builds.
  public func streamResponse<Content: Generable>(
    generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
    options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
  ) rethrows -> ResponseStream<Content> {
    streamResponse(to: try prompt(), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
  }

  /// Streams cumulative snapshots of content generated under a run-time schema.
  public func streamResponse(
    to prompt: Prompt, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
    options: GenerationOptions = GenerationOptions()
  ) -> ResponseStream<GeneratedContent> {
    stream(prompt: prompt, schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options) { $0 }
  }

  /// Streams cumulative snapshots of content generated under a run-time schema.
  public func streamResponse(
    schema: GenerationSchema, includeSchemaInPrompt: Bool = true, options: GenerationOptions = GenerationOptions(),
    @PromptBuilder prompt: () throws -> Prompt
  ) rethrows -> ResponseStream<GeneratedContent> {
    streamResponse(to: try prompt(), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
  }

  // MARK: - Helpers

  @Sendable private static func text(_ content: GeneratedContent) -> String {
    if case .string(let text) = content.kind { return text }
    return content.jsonString
  }

  private static func decode<Content: Generable>(_ type: Content.Type, _ content: GeneratedContent) throws -> Content {
    do {
      return try Content(content)
    } catch {
      throw GenerationError.decodingFailure(error.localizedDescription)
    }
  }

  private func stream<Content: Generable>(
    prompt: Prompt, schema: GenerationSchema?, includeSchemaInPrompt: Bool, options: GenerationOptions,
    decode: @escaping @Sendable (GeneratedContent) throws -> Content
  ) -> ResponseStream<Content> {
    let (stream, continuation) = AsyncThrowingStream<ResponseStream<Content>.Snapshot, any Error>.makeStream()
    let task = Task<Response<Content>, any Error> {
      do {
        let result = try await self.run(
          prompt: prompt, schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options
        ) { raw in
          guard let partial = try? Content.PartiallyGenerated(raw) else { return }
          continuation.yield(.init(content: partial, rawContent: raw))
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
