/// Renders a ``GenerationRequest`` into the exact text a chat model reads — instructions and tool
/// definitions in the system turn, history turns, and the opening of the assistant's turn — as a
/// ``RenderedPrompt`` that keeps template markup apart from content.
///
/// This is the one rendering of a request: backends render with it, and token counts
/// (``LanguageModel/tokenCount(for:)-(GenerationRequest)``, ``TokenBudget``, `SpecialtyBudget`)
/// count what it renders, so a count is what the backend prefills.
///
/// ```swift
/// let renderer = PromptRenderer(template: .gemma, toolRenderer: .compact)
/// let prompt = renderer.render(request)
/// let tokens = tokenizer.encode(prompt)
/// ```
public struct PromptRenderer: Sendable, Equatable {
  /// One message before a chat template is applied.
  public struct Message: Sendable, Equatable {
    /// `system`, `user`, `assistant` or `tool` (the template may rename it).
    public var role: String
    /// The message's pieces; each is tokenized on its own.
    public var content: RenderedPrompt

    /// The message's text.
    public var text: String { content.text }
  }

  /// The chat template.
  public var template: ChatTemplate
  /// How tools and response schemas are written.
  public var toolRenderer: ToolRenderer

  /// The line that tells the model how to call a tool.
  public static let toolCallFormat = #"To use a tool, reply only with {"tool":NAME,"arguments":{…}}."#
  /// What introduces a response schema after the prompt.
  public static let schemaIntroduction = "\nReply with JSON: "

  /// Creates a renderer.
  public init(template: ChatTemplate = .chatML, toolRenderer: ToolRenderer = .compact) {
    self.template = template
    self.toolRenderer = toolRenderer
  }

  /// The whole prompt, ending with the opening of the assistant's turn.
  public func render(_ request: GenerationRequest) -> RenderedPrompt {
    var output = RenderedPrompt()
    output.append(markup: template.prefix)
    var pendingSystem: RenderedPrompt?
    for message in messages(for: request) {
      if message.role == "system", case .prefixOfFirstUserTurn = template.systemPlacement {
        pendingSystem = message.content
        continue
      }
      if let system = pendingSystem, case .prefixOfFirstUserTurn(let separator) = template.systemPlacement {
        pendingSystem = nil
        if message.role == "user" {
          var merged = system
          merged.append(markup: separator)
          merged.append(message.content)
          output.append(turn("user", merged))
          continue
        }
        output.append(turn("system", system))
      }
      output.append(turn(message.role, message.content))
    }
    if let system = pendingSystem { output.append(turn("system", system)) }
    output.append(markup: template.turnStart + template.roleName("assistant") + template.roleSeparator)
    return output
  }

  /// One rendered turn: markers as markup, the message's pieces as they are.
  public func turn(_ role: String, _ content: RenderedPrompt) -> RenderedPrompt {
    var output = RenderedPrompt()
    output.append(markup: template.turnStart + template.roleName(role) + template.roleSeparator)
    output.append(content)
    output.append(markup: template.turnEnd)
    return output
  }

  /// The request as messages, for backends that apply a chat template of their own (a server).
  public func messages(for request: GenerationRequest) -> [Message] {
    var messages: [Message] = []
    var lastPromptIndex: Int?
    func add(_ role: String, _ pieces: [String]) {
      messages.append(Message(role: role, content: RenderedPrompt(pieces.map { .content($0) })))
    }
    for entry in request.transcript.entries {
      switch entry {
      case .instructions(let instructions):
        let system = systemContent(instructions.segments.map(\.text).joined(separator: "\n"), tools: request.tools)
        if !system.pieces.isEmpty { messages.append(Message(role: "system", content: system)) }
      case .prompt(let prompt):
        add("user", [prompt.segments.map(\.text).joined(separator: "\n")])
        lastPromptIndex = messages.count - 1
      case .toolCalls(let calls):
        add("assistant", [calls.calls.map(Self.callText).joined(separator: "\n")])
      case .toolOutput(let output):
        add("tool", [output.toolName + ": " + output.segments.map(\.text).joined(separator: "\n")])
      case .response(let response):
        add("assistant", [response.segments.map(\.text).joined(separator: "\n")])
      }
    }
    if let schema = request.responseSchema, request.includeSchemaInPrompt, let index = lastPromptIndex {
      messages[index].content.append(content: Self.schemaIntroduction + toolRenderer.render(schema: schema))
    }
    return messages
  }

  /// The system turn's content: the instructions, then the tools (a piece per definition line,
  /// so each tool's cost is exact and additive) and how to call them.
  public func systemContent(_ instructions: String, tools: [ToolDefinition]) -> RenderedPrompt {
    var content = RenderedPrompt()
    content.append(content: instructions)
    guard !tools.isEmpty else { return content }
    content.append(content: (instructions.isEmpty ? "" : "\n") + "Tools:\n")
    for tool in tools { content.append(content: toolRenderer.render(tool) + "\n") }
    content.append(content: Self.toolCallFormat)
    return content
  }

  /// A tool call as the model writes it: `{"tool":"name","arguments":{…}}`.
  public static func callText(_ call: Transcript.ToolCall) -> String {
    GeneratedContent(
      kind: .structure(
        properties: ["tool": GeneratedContent(kind: .string(call.toolName)), "arguments": call.arguments],
        orderedKeys: ["tool", "arguments"])
    ).jsonString
  }
}
