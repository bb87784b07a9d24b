import Ristretto

/// Turns a chat completion — one JSON body, or the chunks of a stream — into
/// ``GenerationEvent``s: text deltas, tool calls (native `tool_calls` or a guided envelope),
/// and usage. A pure state machine: it does no I/O, so every shape is testable on its own.
struct ChatCompletionReader: Sendable {
  /// How the reply was guided (a guided tool call is read whole, never streamed as text).
  let guide: ChatCompletionBody.Guide
  private var envelope = ""
  private var calls: [Int: PartialCall] = [:]
  private(set) var finishReason: String?
  private(set) var sawUsage = false
  /// The pieces of generated text (content and tool-call arguments) read since the last
  /// ``takeGeneratedTexts()``, for counting generated tokens.
  private var generatedTexts: [String] = []

  private struct PartialCall: Sendable {
    var id = ""
    var name = ""
    var arguments = ""
  }

  init(guide: ChatCompletionBody.Guide) { self.guide = guide }

  /// The most tool calls one reply may make; their `index` must lie in `0..<maximumToolCalls`.
  static let maximumToolCalls = 64
  /// The largest token count a reply's `usage` may report (larger counts are not a real usage).
  static let maximumTokenCount = 1 << 31

  /// The events of one streamed chunk (`choices[0].delta`) or of a whole completion
  /// (`choices[0].message`).
  mutating func read(_ json: String) throws(ServerError) -> [GenerationEvent] {
    let body: GeneratedContent
    do {
      body = try GeneratedContent(json: json)
    } catch {
      throw .malformedResponse("a chunk is not JSON (\(json.prefix(80)))")
    }
    if let error = body["error"] {
      throw .httpStatus(error["code"]?.int ?? 500, message: error["message"]?.string ?? error.jsonString)
    }
    var events: [GenerationEvent] = []
    guard case .array(let choices)? = body["choices"]?.kind else {
      if body["usage"] == nil { throw .malformedResponse("no 'choices' in \(json.prefix(80))") }
      return try usageEvents(body)
    }
    if let choice = choices.first {
      guard let message = choice["delta"] ?? choice["message"] else {
        throw .malformedResponse("a choice has neither 'delta' nor 'message'")
      }
      if let text = message["content"]?.string, !text.isEmpty {
        generatedTexts.append(text)
        if guide == .toolCall { envelope += text } else { events.append(.text(text)) }
      }
      if case .array(let deltas)? = message["tool_calls"]?.kind {
        for (offset, delta) in deltas.enumerated() {
          let index = delta["index"].map { $0.int ?? -1 } ?? offset
          guard (0..<Self.maximumToolCalls).contains(index), calls[index] != nil || calls.count < Self.maximumToolCalls else {
            throw .malformedResponse(
              "a tool call's index \(delta["index"]?.jsonString ?? "\(offset)") is outside 0..<\(Self.maximumToolCalls)")
          }
          var call = calls[index] ?? PartialCall()
          call.id += delta["id"]?.string ?? ""
          call.name += delta["function"]?["name"]?.string ?? ""
          let arguments = delta["function"]?["arguments"]?.string ?? ""
          if !arguments.isEmpty { generatedTexts.append(arguments) }
          call.arguments += arguments
          calls[index] = call
        }
      }
      if let reason = choice["finish_reason"]?.string { finishReason = reason }
    }
    return events + (try usageEvents(body))
  }

  /// The generated text pieces read since the last call, emptied.
  mutating func takeGeneratedTexts() -> [String] {
    defer { generatedTexts.removeAll() }
    return generatedTexts
  }

  /// The tool calls gathered by the end of the reply, checked and decoded.
  mutating func finish() throws(ServerError) -> [GenerationEvent] {
    if guide == .toolCall, calls.isEmpty {
      guard let content = try? GeneratedContent(json: envelope), let name = content["tool"]?.string,
        let arguments = content["arguments"]
      else { throw .malformedResponse("the guided tool call is not {\"tool\":…,\"arguments\":{…}}: \(envelope.prefix(120))") }
      return [.toolCalls([Transcript.ToolCall(id: "", toolName: name, arguments: arguments)])]
    }
    guard !calls.isEmpty else { return [] }
    var made: [Transcript.ToolCall] = []
    for index in calls.keys.sorted() {
      let call = calls[index]!
      let arguments: GeneratedContent
      do {
        arguments =
          call.arguments.isEmpty
          ? GeneratedContent(kind: .structure(properties: [:], orderedKeys: [])) : try GeneratedContent(json: call.arguments)
      } catch {
        throw .malformedResponse("the arguments of tool call '\(call.name)' are not JSON: \(call.arguments.prefix(120))")
      }
      made.append(Transcript.ToolCall(id: call.id, toolName: call.name, arguments: arguments))
    }
    return [.toolCalls(made)]
  }

  private mutating func usageEvents(_ body: GeneratedContent) throws(ServerError) -> [GenerationEvent] {
    guard let usage = body["usage"], usage.kind != .null, !sawUsage else { return [] }
    sawUsage = true
    // A count that is absent reads as 0; one that is present must be a whole number in range.
    func count(_ value: GeneratedContent?, _ name: String) throws(ServerError) -> Int {
      guard let value, value.kind != .null else { return 0 }
      guard let number = value.int, (0...Self.maximumTokenCount).contains(number) else {
        throw .malformedResponse("usage.\(name) is \(value.jsonString), not a token count in 0...\(Self.maximumTokenCount)")
      }
      return number
    }
    // OpenAI and vLLM report cached prompt tokens in prompt_tokens_details; llama-server in timings.
    let details = usage["prompt_tokens_details"]?["cached_tokens"]
    let cached =
      details != nil ? try count(details, "cached_tokens") : try count(body["timings"]?["cache_n"], "cache_n")
    return [
      .usage(
        Usage(
          promptTokens: try count(usage["prompt_tokens"], "prompt_tokens"), cachedPromptTokens: cached,
          generatedTokens: try count(usage["completion_tokens"], "completion_tokens")))
    ]
  }
}

extension GeneratedContent {
  /// The property `key` of an object, or nil.
  subscript(key: String) -> GeneratedContent? {
    if case .structure(let values, _) = kind { return values[key] }
    return nil
  }

  /// The value as a string, or nil.
  var string: String? {
    if case .string(let text) = kind { return text }
    return nil
  }

  /// The value as an integer, or nil when it is not a whole number that fits an `Int`.
  var int: Int? {
    if case .number(let value) = kind { return Int(exactly: value) }
    return nil
  }
}
