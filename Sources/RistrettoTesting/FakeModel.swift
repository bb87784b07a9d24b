import Foundation
import Ristretto

/// A scripted `LanguageModel` for tests: it replies with what you tell it and records every
/// request, so a test can check exactly what the model saw.
///
/// ```swift
/// let model = FakeModel.scripted([
///   .toolCall("searchBeans", arguments: ["roast": "dark", "limit": 2]),
///   .reply("Try the Sumatra Mandheling."),
/// ])
/// let session = LanguageModelSession(model: model, tools: [BeanSearch()])
/// _ = try await session.respond(to: "A dark roast?")
/// #expect(model.requests.count == 2)
/// ```
public struct FakeModel: LanguageModel {
  /// One scripted reply.
  public enum Step: Sendable {
    /// Answer with text, streamed word by word.
    case reply(String)
    /// Answer with JSON text, streamed in small pieces.
    case json(String)
    /// Call tools: (name, arguments) pairs.
    case toolCalls([(String, GeneratedContent)])
    /// Answer with a whole structured value.
    case structure(GeneratedContent)
    /// Fail with an error.
    case fail(any Error)
    /// Emit exactly these events.
    case events([GenerationEvent])
    /// Emit these events, then never finish until the request is cancelled: a model that hangs,
    /// for tests of cancellation and of concurrent requests that need no sleeps.
    case stall(after: [GenerationEvent])

    /// Call one tool.
    public static func toolCall(_ name: String, arguments: GeneratedContent) -> Step { .toolCalls([(name, arguments)]) }

    /// Answer a router's request with a specialty, as its enum schema would generate it.
    ///
    /// ```swift
    /// let model = FakeModel.scripted([.route(Desk.weather), .reply("Sunny.")])
    /// ```
    public static func route<S: Specialty>(_ specialty: S) -> Step {
      .structure(GeneratedContent(kind: .string(specialty.rawValue)))
    }

    /// Answer a router's request with `unsure`.
    public static var routeUnsure: Step { .structure(GeneratedContent(kind: .string("unsure"))) }
  }

  /// A script that does not fit the request it answered.
  public struct ScriptError: Error, Sendable, LocalizedError {
    /// What was wrong and what to script instead.
    public let message: String
    /// The message.
    public var errorDescription: String? { message }
  }

  /// Reported availability.
  public var availability: ModelAvailability
  /// Reported context size.
  public var contextSize: Int
  /// The tokenizer used for counts.
  public var tokenizer: any Tokenizer
  /// How requests are rendered.
  public var promptRenderer: PromptRenderer
  /// A pause before each streamed event, to test streaming and cancellation.
  public var delayPerEvent: Duration
  private let reply: @Sendable (GenerationRequest, Int) throws -> Step
  private let log = RequestLog()

  /// Creates a fake from a closure that picks the step for the n-th request (0-based).
  public init(
    availability: ModelAvailability = .available, contextSize: Int = defaultContextSize,
    tokenizer: any Tokenizer = ApproximateTokenizer(),
    promptRenderer: PromptRenderer = PromptRenderer(), delayPerEvent: Duration = .zero,
    reply: @escaping @Sendable (GenerationRequest, Int) throws -> Step
  ) {
    self.availability = availability
    self.contextSize = contextSize
    self.tokenizer = tokenizer
    self.promptRenderer = promptRenderer
    self.delayPerEvent = delayPerEvent
    self.reply = reply
  }

  /// Replies with the steps in order; past the end it repeats the last one.
  public static func scripted(_ steps: [Step], delayPerEvent: Duration = .zero) -> FakeModel {
    FakeModel(delayPerEvent: delayPerEvent) { _, index in steps.isEmpty ? .reply("") : steps[min(index, steps.count - 1)] }
  }

  /// Always replies with `text`.
  public static func fixed(_ text: String) -> FakeModel { scripted([.reply(text)]) }

  /// Replies with the newest prompt's text.
  public static var echo: FakeModel { FakeModel { request, _ in .reply(request.transcript.lastPromptText ?? "") } }

  /// Always fails with `error`.
  public static func failing(_ error: any Error) -> FakeModel { scripted([.fail(error)]) }

  /// Every request received, oldest first.
  public var requests: [GenerationRequest] { log.requests }

  /// Records the request and streams the scripted step's events.
  public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
    let index = log.append(request)
    let delay = delayPerEvent
    let step = Result { () throws -> Step in
      let step = try reply(request, index)
      // Text that is not JSON cannot answer a request generated under a schema: say so loudly
      // rather than let a test pass on the fallback path.
      if case .reply(let text) = step, request.responseSchema != nil, (try? GeneratedContent(json: text)) == nil {
        throw ScriptError(
          message: "FakeModel: request \(index) needs JSON under a schema, but the script replies with the text "
            + "'\(text.prefix(40))'; script .json(…), .structure(…), or .route(…) / .routeUnsure for a router")
      }
      return step
    }
    let promptTokens = tokenCount(for: request)
    let tokenizer = tokenizer
    return AsyncThrowingStream { continuation in
      let task = Task {
        do {
          let step = try step.get()
          let events = try Self.events(for: step, promptTokens: promptTokens, tokenizer: tokenizer)
          for event in events {
            if delay > .zero { try await Task.sleep(for: delay) }
            try Task.checkCancellation()
            continuation.yield(event)
          }
          if case .stall = step {
            while true { try await Task.sleep(for: .seconds(3600)) }
          }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  private static func events(for step: Step, promptTokens: Int, tokenizer: any Tokenizer) throws -> [GenerationEvent] {
    switch step {
    case .reply(let text):
      var pieces: [String] = []
      var current = ""
      for character in text {
        current.append(character)
        if character == " " {
          pieces.append(current)
          current = ""
        }
      }
      if !current.isEmpty { pieces.append(current) }
      return pieces.map { .text($0) } + [.usage(Usage(promptTokens: promptTokens, generatedTokens: tokenizer.count(text)))]
    case .json(let text):
      let characters = Array(text)
      let pieces = stride(from: 0, to: characters.count, by: 4).map { String(characters[$0..<min($0 + 4, characters.count)]) }
      return pieces.map { .text($0) } + [.usage(Usage(promptTokens: promptTokens, generatedTokens: tokenizer.count(text)))]
    case .toolCalls(let calls):
      let made = calls.map { Transcript.ToolCall(id: "", toolName: $0.0, arguments: $0.1) }
      return [.toolCalls(made), .usage(Usage(promptTokens: promptTokens, generatedTokens: 10 * calls.count))]
    case .structure(let content):
      return [
        .structure(content), .usage(Usage(promptTokens: promptTokens, generatedTokens: tokenizer.count(content.jsonString))),
      ]
    case .fail(let error):
      throw error
    case .events(let events), .stall(let events):
      return events
    }
  }
}

/// The requests a ``FakeModel`` received; shared by its copies.
final class RequestLog: Sendable {
  private let storage = LockedValue<[GenerationRequest]>([])

  func append(_ request: GenerationRequest) -> Int {
    storage.withLock {
      $0.append(request)
      return $0.count - 1
    }
  }

  var requests: [GenerationRequest] { storage.withLock { $0 } }
}
