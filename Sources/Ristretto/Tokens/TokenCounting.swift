extension LanguageModel {
  /// Tokens the instructions occupy as the model's system turn (chat-template markers included).
  public func tokenCount(for instructions: Instructions) -> Int {
    tokenizer.count(promptRenderer.turn("system", instructions.text))
  }

  /// Tokens a tool array adds to the system turn: the tools header, one line per tool and the
  /// line that says how to call them — measurable before any request is made.
  public func tokenCount(for tools: [any Tool]) -> Int {
    guard !tools.isEmpty else { return 0 }
    return tokenizer.count(promptRenderer.systemText("", tools: tools.map(\.definition)))
  }

  /// Tokens one tool's definition line costs.
  public func tokenCount(for tool: any Tool) -> Int {
    tokenizer.count(promptRenderer.toolRenderer.render(tool.definition) + "\n")
  }

  /// Tokens a prompt occupies as a user turn.
  public func tokenCount(for prompt: Prompt) -> Int {
    tokenizer.count(promptRenderer.turn("user", prompt.text))
  }

  /// Tokens a response schema adds to the prompt when it is included.
  public func tokenCount(for schema: GenerationSchema) -> Int {
    tokenizer.count("\nReply with JSON: " + promptRenderer.toolRenderer.render(schema: schema))
  }

  /// Tokens the given transcript entries occupy, rendered as the model would see them.
  public func tokenCount(for entries: [Transcript.Entry]) -> Int {
    let tools =
      entries.first.flatMap { entry -> [ToolDefinition]? in
        if case .instructions(let instructions) = entry { return instructions.toolDefinitions }
        return nil
      } ?? []
    let request = GenerationRequest(transcript: Transcript(entries: entries), tools: tools)
    return promptRenderer.messages(for: request).reduce(0) { $0 + tokenizer.count(promptRenderer.turn($1.role, $1.content)) }
  }
}
