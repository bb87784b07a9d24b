/// Renders a ``GenerationRequest`` into the exact text a chat model reads: instructions and
/// tool definitions in the system turn, history turns, and the opening of the assistant's turn.
///
/// Token counts come from this text, so they include chat-template markers.
public struct PromptRenderer: Sendable, Equatable {
  /// A chat template's turn markers.
  public struct ChatTemplate: Sendable, Equatable {
    /// Text before a turn's role.
    public var turnStart: String
    /// Text between the role and the content.
    public var roleSeparator: String
    /// Text after a turn's content.
    public var turnEnd: String

    /// ChatML (`<|im_start|>role\n…<|im_end|>\n`), used by SmolLM2, Qwen and many small models.
    public static let chatML = ChatTemplate(turnStart: "<|im_start|>", roleSeparator: "\n", turnEnd: "<|im_end|>\n")

    /// Creates a template.
    public init(turnStart: String, roleSeparator: String, turnEnd: String) {
      self.turnStart = turnStart
      self.roleSeparator = roleSeparator
      self.turnEnd = turnEnd
    }
  }

  /// The chat template.
  public var template: ChatTemplate
  /// How tools and response schemas are written.
  public var toolRenderer: ToolRenderer

  /// The line that tells the model how to call a tool.
  public static let toolCallFormat = #"To use a tool, reply only with {"tool":NAME,"arguments":{…}}."#

  /// Creates a renderer.
  public init(template: ChatTemplate = .chatML, toolRenderer: ToolRenderer = .compact) {
    self.template = template
    self.toolRenderer = toolRenderer
  }

  /// The whole prompt, ending with the opening of the assistant's turn.
  public func render(_ request: GenerationRequest) -> String {
    var output = ""
    for message in messages(for: request) { output += turn(message.role, message.content) }
    return output + template.turnStart + "assistant" + template.roleSeparator
  }

  /// The request as (role, content) messages, for backends that apply their own chat template.
  public func messages(for request: GenerationRequest) -> [(role: String, content: String)] {
    var messages: [(String, String)] = []
    var lastPromptIndex: Int?
    for entry in request.transcript.entries {
      switch entry {
      case .instructions(let instructions):
        let system = systemText(instructions.segments.map(\.text).joined(separator: "\n"), tools: request.tools)
        if !system.isEmpty { messages.append(("system", system)) }
      case .prompt(let prompt):
        messages.append(("user", prompt.segments.map(\.text).joined(separator: "\n")))
        lastPromptIndex = messages.count - 1
      case .toolCalls(let calls):
        messages.append(("assistant", calls.calls.map(Self.callText).joined(separator: "\n")))
      case .toolOutput(let output):
        messages.append(("tool", output.toolName + ": " + output.segments.map(\.text).joined(separator: "\n")))
      case .response(let response):
        messages.append(("assistant", response.segments.map(\.text).joined(separator: "\n")))
      }
    }
    if let schema = request.responseSchema, request.includeSchemaInPrompt, let index = lastPromptIndex {
      messages[index].1 += "\nReply with JSON: " + toolRenderer.render(schema: schema)
    }
    return messages
  }

  /// The system turn's content: instructions, then the tools and how to call them.
  public func systemText(_ instructions: String, tools: [ToolDefinition]) -> String {
    guard !tools.isEmpty else { return instructions }
    let toolBlock = "Tools:\n" + toolRenderer.render(tools) + "\n" + Self.toolCallFormat
    return instructions.isEmpty ? toolBlock : instructions + "\n" + toolBlock
  }

  /// One rendered turn.
  public func turn(_ role: String, _ content: String) -> String {
    template.turnStart + role + template.roleSeparator + content + template.turnEnd
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
