/// Exact token counts of the parts of a request, measured through the backend's own rendering
/// (``LanguageModel/render(_:)``): each part's count is the difference it makes to a rendered
/// prompt, so the parts add up to what the backend prefills.
extension LanguageModel {
  /// The exact number of tokens `request` occupies in this model's context: the rendered
  /// instructions, tool definitions, history and chat-template markup.
  public func tokenCount(for request: GenerationRequest) -> Int {
    tokenizer.count(render(request))
  }

  /// Tokens the instructions occupy before a user turn (their text and the markup they add).
  public func tokenCount(for instructions: Instructions) -> Int {
    let entry = Transcript.Entry.instructions(.init(segments: instructions.segments.map { .text($0) }, toolDefinitions: []))
    let prompt = Transcript.Entry.prompt(.init(id: "prompt", segments: []))
    return difference(with: [entry, prompt], without: [prompt])
  }

  /// Tokens a tool array adds to the system turn: the tools header, one line per tool and the
  /// line that says how to call them — measurable before any request is made.
  public func tokenCount(for tools: [any Tool]) -> Int {
    guard !tools.isEmpty else { return 0 }
    let prompt = Transcript.Entry.prompt(.init(id: "prompt", segments: []))
    let entry = Transcript.Entry.instructions(.init(segments: [], toolDefinitions: tools.map(\.definition)))
    return difference(with: [entry, prompt], without: [prompt])
  }

  /// Tokens one tool's definition line costs.
  public func tokenCount(for tool: any Tool) -> Int {
    tokenizer.count(promptRenderer.toolRenderer.render(tool.definition) + "\n")
  }

  /// Tokens a prompt occupies as a user turn.
  public func tokenCount(for prompt: Prompt) -> Int {
    difference(with: [.prompt(.init(id: "prompt", segments: prompt.segments.map { .text($0) }))], without: [])
  }

  /// Tokens a response schema adds to the prompt when it is included.
  public func tokenCount(for schema: GenerationSchema) -> Int {
    tokenizer.count(PromptRenderer.schemaIntroduction + promptRenderer.toolRenderer.render(schema: schema))
  }

  /// Tokens the given transcript entries occupy, rendered as the model would see them.
  public func tokenCount(for entries: [Transcript.Entry]) -> Int {
    difference(with: entries, without: [])
  }

  /// What the prompt of `with` costs beyond that of `without` (tools from each one's instructions).
  func difference(with: [Transcript.Entry], without: [Transcript.Entry]) -> Int {
    func request(_ entries: [Transcript.Entry]) -> GenerationRequest {
      let tools =
        entries.first.flatMap { entry -> [ToolDefinition]? in
          if case .instructions(let instructions) = entry { return instructions.toolDefinitions }
          return nil
        } ?? []
      return GenerationRequest(transcript: Transcript(entries: entries), tools: tools)
    }
    return tokenCount(for: request(with)) - tokenCount(for: request(without))
  }
}
