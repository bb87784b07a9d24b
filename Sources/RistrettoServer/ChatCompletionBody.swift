import Ristretto

/// The JSON body of an OpenAI chat completion request for a ``GenerationRequest``: the transcript
/// as `messages`, tools, the response format that guides the reply, and sampling options.
struct ChatCompletionBody: Sendable {
  /// The `model` field, or nil to leave it out (llama-server serves one model).
  var model: String?
  /// How tool calls are made.
  var toolCalling: ServerLanguageModel.ToolCalling
  /// Writes tools into the system message and schemas into the prompt in guided mode.
  var promptRenderer: PromptRenderer

  /// The answer length when a request sets none (the in-process backend's default).
  static let defaultMaximumTokens = 256

  /// What the reply is guided to be.
  enum Guide: Equatable {
    /// Free text.
    case text
    /// JSON that follows the request's response schema.
    case schema
    /// A tool call envelope, `{"tool": name, "arguments": {…}}`.
    case toolCall
  }

  /// How the reply to `request` is guided: the response schema if there is one (tools are then
  /// context only), else a guided tool call for the first reply of a turn when tools are enabled
  /// (guided mode), else text.
  func guide(for request: GenerationRequest) -> Guide {
    if request.responseSchema != nil { return .schema }
    if toolCalling == .guided, !request.tools.isEmpty, case .prompt? = request.transcript.entries.last { return .toolCall }
    return .text
  }

  /// The whole body.
  func json(for request: GenerationRequest, stream: Bool, maximumTokens: Int? = nil) -> GeneratedContent {
    var fields: [(String, GeneratedContent)] = []
    if let model { fields.append(("model", .init(kind: .string(model)))) }
    fields.append(("messages", GeneratedContent(kind: .array(messages(for: request)))))
    fields.append(("stream", .init(kind: .bool(stream))))
    if stream { fields.append(("stream_options", object([("include_usage", .init(kind: .bool(true)))]))) }
    // llama-server keeps the previous prompt's KV cache and reuses the longest common prefix.
    fields.append(("cache_prompt", .init(kind: .bool(true))))
    if toolCalling == .native, !request.tools.isEmpty, request.responseSchema == nil {
      fields.append(("tools", GeneratedContent(kind: .array(request.tools.map(Self.openAITool)))))
    }
    switch guide(for: request) {
    case .text: break
    case .schema:
      if let schema = request.responseSchema {
        fields.append(("response_format", Self.responseFormat(schema.jsonSchema, name: "answer")))
      }
    case .toolCall:
      fields.append(("response_format", Self.responseFormat(Self.toolCallSchema(request.tools), name: "tool_call")))
    }
    fields += samplingFields(request.options, maximumTokens: maximumTokens)
    return object(fields)
  }

  /// The transcript as OpenAI messages.
  func messages(for request: GenerationRequest) -> [GeneratedContent] {
    var messages: [GeneratedContent] = []
    var lastUser: Int?
    for entry in request.transcript.entries {
      switch entry {
      case .instructions(let instructions):
        let text = instructions.segments.map(\.text).joined(separator: "\n")
        let system = toolCalling == .guided ? promptRenderer.systemContent(text, tools: request.tools).text : text
        if !system.isEmpty { messages.append(message("system", system)) }
      case .prompt(let prompt):
        lastUser = messages.count
        messages.append(message("user", prompt.segments.map(\.text).joined(separator: "\n")))
      case .toolCalls(let calls) where toolCalling == .guided:
        messages.append(message("assistant", calls.calls.map(PromptRenderer.callText).joined(separator: "\n")))
      case .toolCalls(let calls):
        messages.append(
          object([
            ("role", .init(kind: .string("assistant"))), ("content", .null),
            ("tool_calls", GeneratedContent(kind: .array(calls.calls.map(Self.openAICall)))),
          ]))
      case .toolOutput(let output):
        messages.append(
          object([
            ("role", .init(kind: .string("tool"))), ("tool_call_id", .init(kind: .string(output.id))),
            ("content", .init(kind: .string(output.segments.map(\.text).joined(separator: "\n")))),
          ]))
      case .response(let response):
        messages.append(message("assistant", response.segments.map(\.text).joined(separator: "\n")))
      }
    }
    if let schema = request.responseSchema, request.includeSchemaInPrompt, let index = lastUser,
      guide(for: request) == .schema, case .structure(var values, let keys) = messages[index].kind,
      case .string(let text)? = values["content"]?.kind
    {
      values["content"] = .init(
        kind: .string(text + PromptRenderer.schemaIntroduction + promptRenderer.toolRenderer.render(schema: schema)))
      messages[index] = GeneratedContent(kind: .structure(properties: values, orderedKeys: keys))
    }
    return messages
  }

  /// `response_format` for a JSON schema, which llama-server and vLLM enforce while generating.
  static func responseFormat(_ schema: GeneratedContent, name: String) -> GeneratedContent {
    object([
      ("type", .init(kind: .string("json_schema"))),
      (
        "json_schema",
        object([("name", .init(kind: .string(name))), ("schema", schema), ("strict", .init(kind: .bool(true)))])
      ),
    ])
  }

  /// The schema of a guided tool call: one of the tools by name, with that tool's arguments.
  /// Each tool's `$defs` move to the root, where their `$ref`s point.
  static func toolCallSchema(_ tools: [ToolDefinition]) -> GeneratedContent {
    var definitions: [(String, GeneratedContent)] = []
    let branches = tools.map { tool -> GeneratedContent in
      var arguments = tool.parameters.jsonSchema
      if case .structure(var values, var keys) = arguments.kind, let defs = values.removeValue(forKey: "$defs") {
        keys.removeAll { $0 == "$defs" }
        arguments = GeneratedContent(kind: .structure(properties: values, orderedKeys: keys))
        if case .structure(let named, let order) = defs.kind {
          for key in order where !definitions.contains(where: { $0.0 == key }) { definitions.append((key, named[key] ?? .null)) }
        }
      }
      let name = object([
        ("type", .init(kind: .string("string"))), ("enum", .init(kind: .array([.init(kind: .string(tool.name))]))),
      ])
      return object([
        ("type", .init(kind: .string("object"))),
        ("properties", object([("tool", name), ("arguments", arguments)])),
        ("required", .init(kind: .array([.init(kind: .string("tool")), .init(kind: .string("arguments"))]))),
        ("additionalProperties", .init(kind: .bool(false))),
      ])
    }
    var root: [(String, GeneratedContent)] =
      branches.count == 1 ? properties(of: branches[0]) : [("anyOf", .init(kind: .array(branches)))]
    if !definitions.isEmpty { root.append(("$defs", object(definitions))) }
    return object(root)
  }

  /// A tool as OpenAI's `tools` array holds it.
  static func openAITool(_ tool: ToolDefinition) -> GeneratedContent {
    object([
      ("type", .init(kind: .string("function"))),
      (
        "function",
        object([
          ("name", .init(kind: .string(tool.name))), ("description", .init(kind: .string(tool.description))),
          ("parameters", tool.parameters.jsonSchema),
        ])
      ),
    ])
  }

  /// A tool call as an assistant message's `tool_calls` holds it (arguments as JSON text).
  static func openAICall(_ call: Transcript.ToolCall) -> GeneratedContent {
    object([
      ("id", .init(kind: .string(call.id))), ("type", .init(kind: .string("function"))),
      (
        "function",
        object([("name", .init(kind: .string(call.toolName))), ("arguments", .init(kind: .string(call.arguments.jsonString)))])
      ),
    ])
  }

  private func samplingFields(_ options: GenerationOptions, maximumTokens: Int?) -> [(String, GeneratedContent)] {
    var fields: [(String, GeneratedContent)] = []
    func number(_ key: String, _ value: Double) { fields.append((key, .init(kind: .number(value)))) }
    // A limit sized for an answer unless the request says, as the in-process backend does: a
    // small model may otherwise repeat itself until the context is full.
    number("max_tokens", Double(maximumTokens ?? options.maximumResponseTokens ?? Self.defaultMaximumTokens))
    if let temperature = options.temperature { number("temperature", temperature) }
    switch options.sampling {
    case .greedy?: number("temperature", 0)
    case .topK(let k, let seed)?:
      number("top_k", Double(k))
      if let seed { number("seed", Double(seed)) }
    case .topP(let p, let seed)?:
      number("top_p", p)
      if let seed { number("seed", Double(seed)) }
    case nil: break
    }
    return fields
  }

  private func message(_ role: String, _ content: String) -> GeneratedContent {
    object([("role", .init(kind: .string(role))), ("content", .init(kind: .string(content)))])
  }

  private static func properties(of content: GeneratedContent) -> [(String, GeneratedContent)] {
    guard case .structure(let values, let keys) = content.kind else { return [] }
    return keys.map { ($0, values[$0] ?? .null) }
  }
}

/// A JSON object with its keys in the given order.
func object(_ fields: [(String, GeneratedContent)]) -> GeneratedContent {
  var values: [String: GeneratedContent] = [:]
  for (key, value) in fields { values[key] = value }
  return GeneratedContent(kind: .structure(properties: values, orderedKeys: fields.map(\.0)))
}
