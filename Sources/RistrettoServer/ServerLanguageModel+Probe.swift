import Foundation
import Ristretto

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension ServerLanguageModel {
  /// Creates a model for the server at `url` and checks it (``checkAvailability()``), so
  /// ``availability`` and ``contextSize`` say what the server says.
  ///
  /// ```swift
  /// let model = await ServerLanguageModel.connect(to: URL(string: "http://127.0.0.1:8080")!)
  /// ```
  public static func connect(
    to url: URL, model: String? = nil, apiKey: String? = ProcessInfo.processInfo.environment[apiKeyVariable],
    contextSize: Int = defaultContextSize, timeout: Double = 60, tokenizer: any Tokenizer = ApproximateTokenizer(),
    promptRenderer: PromptRenderer = PromptRenderer(), toolCalling: ToolCalling = .guided, streams: Bool = true,
    limits: ServerLimits = ServerLimits()
  ) async -> ServerLanguageModel {
    let served = ServerLanguageModel(
      url: url, model: model, apiKey: apiKey, contextSize: contextSize, timeout: timeout, tokenizer: tokenizer,
      promptRenderer: promptRenderer, toolCalling: toolCalling, streams: streams, limits: limits)
    _ = await served.checkAvailability()
    return served
  }

  /// Asks the server which models it serves (`GET /v1/models`) and, where it says,
  /// its context size (llama-server's `GET /props`); updates and returns ``availability``.
  ///
  /// Unavailable when nothing answers (`.unreachable`), when the server answers with an HTTP
  /// error (`.serverError`, e.g. 401 without the right API key), or when ``modelName`` is not
  /// among the served models (`.modelNotServed`).
  @discardableResult
  public func checkAvailability() async -> ModelAvailability {
    let found = await probeModels()
    if found.isAvailable, let size = await servedContextSize() {
      probe.withLock { $0.contextSize = size }
    }
    probe.withLock { $0.availability = found }
    return found
  }

  private func probeModels() async -> ModelAvailability {
    let answer: (status: Int, body: Data)
    do {
      answer = try await transport.fetch(get("v1/models"), maximumBytes: limits.maximumResponseBytes)
    } catch GenerationError.modelUnavailable(let reason) {
      return .unavailable(reason)
    } catch {
      return .unavailable(.unreachable((error as? LocalizedError)?.errorDescription ?? "\(type(of: error))"))
    }
    guard answer.status == 200 else {
      var message = ""
      if case ServerError.httpStatus(_, let text) = statusError(answer.status, body: answer.body) { message = text }
      return .unavailable(.serverError(status: answer.status, message: message))
    }
    guard let modelName else { return .available }
    let list = (try? GeneratedContent(json: String(decoding: answer.body, as: UTF8.self)))?["data"]
    let names: [String] = (try? list?.elements().compactMap { $0["id"]?.string }) ?? []
    return names.contains(modelName) ? .available : .unavailable(.modelNotServed(name: modelName, served: names))
  }

  /// llama-server's `default_generation_settings.n_ctx`, or nil when the server has no `/props`.
  private func servedContextSize() async -> Int? {
    guard let answer = try? await transport.fetch(get("props"), maximumBytes: limits.maximumResponseBytes), answer.status == 200,
      let props = try? GeneratedContent(json: String(decoding: answer.body, as: UTF8.self))
    else { return nil }
    return props["default_generation_settings"]?["n_ctx"]?.int.flatMap { (1...(1 << 24)).contains($0) ? $0 : nil }
  }

  /// The exact number of prompt tokens the server will read for `request`, from llama-server's
  /// `POST /apply-template` (its own chat template) and `POST /tokenize` (its own vocabulary).
  ///
  /// Servers without those endpoints (vLLM, hosted APIs) throw ``ServerError/httpStatus(_:message:)``
  /// (404); use ``tokenizer``'s counts there, which are exact only with the served model's own
  /// tokenizer and template.
  public func exactTokenCount(for request: GenerationRequest) async throws -> Int {
    let body = ChatCompletionBody(model: modelName, toolCalling: toolCalling, promptRenderer: promptRenderer)
    let messages = GeneratedContent(kind: .array(body.messages(for: request)))
    var prompt = ""
    try await exchange(post("apply-template", object([("messages", messages)])), streamed: false) { json in
      guard let text = (try? GeneratedContent(json: json))?["prompt"]?.string else {
        throw ServerError.malformedResponse("/apply-template did not return a prompt")
      }
      prompt = text
    }
    // The server tokenizes a chat prompt with special tokens read and added, as here.
    let tokenize = object([
      ("content", .init(kind: .string(prompt))), ("add_special", .init(kind: .bool(true))),
      ("parse_special", .init(kind: .bool(true))),
    ])
    var count = 0
    try await exchange(post("tokenize", tokenize), streamed: false) { json in
      guard case .array(let tokens)? = (try? GeneratedContent(json: json))?["tokens"]?.kind else {
        throw ServerError.malformedResponse("/tokenize did not return tokens")
      }
      count = tokens.count
    }
    return count
  }

  /// Sends the request's prompt for one token so the server's prompt cache (`cache_prompt`)
  /// holds its prefix; errors are ignored.
  public func prewarm(_ request: GenerationRequest) async {
    let body = ChatCompletionBody(model: modelName, toolCalling: toolCalling, promptRenderer: promptRenderer)
    let warm = post("v1/chat/completions", body.json(for: request, stream: false, maximumTokens: 1))
    try? await exchange(warm, streamed: false) { _ in }
  }
}
