import Foundation
import Ristretto

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A model served over HTTP by an OpenAI-compatible engine (llama-server, vLLM, …), spoken to
/// through the chat completions API with server-sent events.
///
/// Typed answers and guided tool calls are enforced by the server while it generates
/// (`response_format` with a JSON schema); the session validates them as it does for every
/// backend. Nothing is retried: a failed request throws, and the session's transcript stays as
/// it was.
///
/// ```swift
/// let model = await ServerLanguageModel.connect(to: URL(string: "http://127.0.0.1:8080")!)
/// guard model.availability.isAvailable else { print(model.availability.reasonDescription!); return }
/// let session = LanguageModelSession(model: model, instructions: "You are a moka-pot assistant.")
/// let answer = try await session.respond(to: "Why does my moka pot sputter?")
/// ```
public final class ServerLanguageModel: LanguageModel {
  /// The server's base URL (without `/v1`).
  public let baseURL: URL
  /// The `model` field sent with each request; nil sends none (llama-server serves one model).
  public let modelName: String?
  /// How tool calls are made.
  public let toolCalling: ToolCalling
  /// Whether replies are streamed with server-sent events (the default) or read whole.
  public let streams: Bool
  /// Seconds to wait for the next byte of an answer (the idle deadline).
  public let timeout: Double
  /// The bounds of each request: total deadline, answer and line sizes, generated tokens.
  public let limits: ServerLimits
  /// How requests are rendered for counting (the server applies its own chat template).
  public let promptRenderer: PromptRenderer
  /// The tokenizer used for counts: exact only when it is the served model's own (for example
  /// `CountingModel(gguf:)`'s); by default an approximation. ``exactTokenCount(for:)`` asks the server.
  public let tokenizer: any Tokenizer
  let apiKey: String?
  let transport: HTTPTransport
  let probe: LockedValue<Probe>

  /// What the last check of the server found.
  struct Probe: Sendable {
    var availability: ModelAvailability = .available
    var contextSize: Int
  }

  /// How a request that enables tools gets its tool calls.
  public enum ToolCalling: Sendable, Equatable {
    /// Tools are written into the system message as Ristretto writes them for a local model,
    /// and the first reply of a turn is a tool call guided by a JSON schema
    /// (`{"tool": name, "arguments": {…}}`): what small models need.
    case guided
    /// Tools are sent as OpenAI `tools` and the server's chat template parses `tool_calls`
    /// (llama-server `--jinja` with a tool-trained model, vLLM `--enable-auto-tool-choice`).
    case native
  }

  /// The environment variable an API key is read from.
  public static let apiKeyVariable = "RISTRETTO_SERVER_API_KEY"

  /// Creates a model for the server at `url`, without contacting it; ``availability`` is
  /// `.available` until a check or a request says otherwise. ``connect(to:model:apiKey:contextSize:timeout:tokenizer:promptRenderer:toolCalling:streams:limits:)``
  /// checks first.
  ///
  /// - Parameters:
  ///   - url: The server, e.g. `http://127.0.0.1:8080`.
  ///   - model: The served model's name, or nil to send none.
  ///   - apiKey: Sent as `Authorization: Bearer`; by default `RISTRETTO_SERVER_API_KEY`. Never logged.
  ///   - contextSize: The context size until the server reports its own (default 4,096).
  ///   - timeout: Seconds to wait for the next byte (default 60).
  ///   - tokenizer: The tokenizer for counts (default approximate).
  ///   - promptRenderer: The chat template counts are rendered with (default ChatML) and how tools are
  ///     written into the system message in guided mode (default compact).
  ///   - toolCalling: ``ToolCalling/guided`` (default) or ``ToolCalling/native``.
  ///   - streams: Whether to stream replies (default true).
  ///   - limits: The bounds of each request (``ServerLimits``' defaults).
  public init(
    url: URL, model: String? = nil, apiKey: String? = ProcessInfo.processInfo.environment[apiKeyVariable],
    contextSize: Int = defaultContextSize, timeout: Double = 60, tokenizer: any Tokenizer = ApproximateTokenizer(),
    promptRenderer: PromptRenderer = PromptRenderer(), toolCalling: ToolCalling = .guided, streams: Bool = true,
    limits: ServerLimits = ServerLimits()
  ) {
    baseURL = url
    self.limits = limits
    modelName = model
    self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
    self.timeout = timeout
    self.tokenizer = tokenizer
    self.toolCalling = toolCalling
    self.streams = streams
    self.promptRenderer = promptRenderer
    transport = HTTPTransport(timeout: timeout)
    probe = LockedValue(Probe(contextSize: contextSize))
  }

  /// Whether the server answered the last check or request; see ``checkAvailability()``.
  public var availability: ModelAvailability { probe.withLock { $0.availability } }

  /// The context size the server reported (llama-server's `/props`), else the configured one.
  public var contextSize: Int { probe.withLock { $0.contextSize } }

  /// Streams the server's reply; cancelling the consumer cancels the HTTP request.
  public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
    let body = ChatCompletionBody(model: modelName, toolCalling: toolCalling, promptRenderer: promptRenderer)
    let guide = body.guide(for: request)
    let urlRequest = post("v1/chat/completions", body.json(for: request, stream: streams))
    let streams = streams
    let tokenLimit = request.options.maximumResponseTokens ?? limits.maximumResponseTokens
    let tokenCeiling = ServerLimits.ceiling(forTokens: tokenLimit)
    let tokenizer = tokenizer
    return AsyncThrowingStream { continuation in
      let task = Task {
        do {
          try await self.withDeadline {
            var reader = ChatCompletionReader(guide: guide)
            var tokens = 0
            try await self.exchange(urlRequest, streamed: streams) { payload in
              let events = try reader.read(payload)
              for text in reader.takeGeneratedTexts() {
                tokens = tokens.addingReportingOverflow(max(1, tokenizer.count(text))).partialValue
                if tokens > tokenCeiling { throw ServerError.tooManyTokens(limit: tokenLimit) }
              }
              for event in events { continuation.yield(event) }
            }
            if streams, reader.finishReason == nil {
              throw ServerError.truncatedResponse("the stream ended before its last chunk (no finish_reason)")
            }
            for event in try reader.finish() { continuation.yield(event) }
          }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  /// Runs `work`, ending it with ``ServerError/deadlineExceeded(seconds:)`` when it takes longer
  /// than ``ServerLimits/totalSeconds``, however the server paces its bytes.
  func withDeadline(_ work: @escaping @Sendable () async throws -> Void) async throws {
    let seconds = limits.totalSeconds
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await work() }
      group.addTask {
        try await Task.sleep(for: .seconds(seconds))
        throw ServerError.deadlineExceeded(seconds: seconds)
      }
      defer { group.cancelAll() }
      try await group.next()
    }
  }

  /// Sends `request` and hands each JSON payload (each event of a stream, or the whole body) to
  /// `handle`; HTTP errors become typed errors, and the availability follows what happened.
  func exchange(_ request: URLRequest, streamed: Bool, handle: (String) throws -> Void) async throws {
    var status = 0
    var events = ServerSentEvents()
    var whole = Data()
    var done = false
    var received = 0
    do {
      for try await part in transport.stream(request, maximumBytes: limits.maximumResponseBytes) {
        if case .body(let data) = part {
          received += data.count
          guard received <= limits.maximumResponseBytes else {
            throw ServerError.responseTooLarge(bytes: limits.maximumResponseBytes)
          }
        }
        switch part {
        case .status(let code): status = code
        case .body(let data) where status == 200 && streamed && !done:
          for payload in events.feed(data) {
            if payload == "[DONE]" { done = true } else { try handle(payload) }
          }
          guard events.pendingBytes <= limits.maximumLineBytes else {
            throw ServerError.lineTooLong(bytes: limits.maximumLineBytes)
          }
        case .body(let data) where status != 200:
          // An error body is read for its message only: keep its start, and stop once that is here.
          whole.append(data.prefix(ServerLimits.errorBodyBytes - whole.count))
          if whole.count >= ServerLimits.errorBodyBytes { throw statusError(status, body: whole) }
        case .body(let data): whole.append(data)
        }
      }
    } catch let error as GenerationError {
      if case .modelUnavailable(let reason) = error { probe.withLock { $0.availability = .unavailable(reason) } }
      throw error
    }
    probe.withLock { $0.availability = .available }
    guard status == 200 else { throw statusError(status, body: whole) }
    if streamed {
      if let last = events.finish(), last != "[DONE]", !done { try handle(last) }
    } else {
      try handle(String(decoding: whole, as: UTF8.self))
    }
  }

  /// The typed error for an HTTP error status, with the server's message (never the API key).
  func statusError(_ status: Int, body: Data) -> any Error {
    let text = String(decoding: body.prefix(2000), as: UTF8.self)
    var message = (try? GeneratedContent(json: text)).flatMap { $0["error"]?["message"]?.string ?? $0["error"]?.string } ?? text
    if message.count > 300 { message = String(message.prefix(300)) + "…" }
    if let apiKey, !apiKey.isEmpty { message = message.replacingOccurrences(of: apiKey, with: "<api key>") }
    if message.isEmpty { message = HTTPURLResponse.localizedString(forStatusCode: status) }
    if status == 429 { return GenerationError.rateLimited(.init(debugDescription: "HTTP 429: \(message)")) }
    return ServerError.httpStatus(status, message: message)
  }

  /// A POST of `json` to `path` under the base URL, with the API key if there is one.
  func post(_ path: String, _ json: GeneratedContent) -> URLRequest {
    var request = get(path)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(json.jsonString.utf8)
    return request
  }

  /// A GET of `path` under the base URL, with the API key if there is one.
  func get(_ path: String) -> URLRequest {
    var request = URLRequest(url: baseURL.appendingPathComponent(path))
    request.timeoutInterval = timeout
    if let apiKey { request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization") }
    return request
  }
}
