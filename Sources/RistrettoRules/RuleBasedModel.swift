import Ristretto

/// A deterministic `LanguageModel` driven by an app's ``RuleBook``: the embedded default
/// backend, with no downloads and the same bytes for the same input.
///
/// - Enum outputs (a router's answer) come from the rule book's ``Classifier``; below its margin
///   the answer is `unsure`.
/// - A prompt whose words trigger a ``ToolRule`` for an enabled tool becomes a tool call whose
///   arguments are steered into the tool's schema by the guidance automaton.
/// - Tool results become a reply through the rule book's templates, with the status rule applied.
///
/// Usage is counted with the given tokenizer on the rendered prompt, exactly as a token model
/// would see it.
///
/// ```swift
/// let rules = RuleBook(
///   classifier: Classifier(phrases: ["weather": [Phrase("cold"), Phrase("rain")]]),
///   toolRules: [], answer: { results, _, _ in .reply("Done: \(results.count) tools ran.") },
///   reply: { _, _, _ in "I can tell you about the weather." })
/// let model = RuleBasedModel(rules: rules, tokenizer: try TokenizerData(json: fixture).makeTokenizer())
/// let session = LanguageModelSession(model: model, instructions: "Be brief.")
/// ```
public struct RuleBasedModel: LanguageModel {
  /// The rules.
  public let rules: RuleBook
  /// The tokenizer usage is counted with.
  public let tokenizer: any Tokenizer
  /// The context size budgets are checked against.
  public let contextSize: Int
  /// How requests are rendered for counting.
  public let promptRenderer: PromptRenderer
  /// The most tool calls one turn makes: an answer step may call a tool again with other
  /// arguments (two products named: a look-up each), never without end.
  public static let maxCallsPerTurn = 4

  /// Creates the model.
  public init(
    rules: RuleBook, tokenizer: any Tokenizer, contextSize: Int = defaultContextSize,
    promptRenderer: PromptRenderer = PromptRenderer()
  ) {
    self.rules = rules
    self.tokenizer = tokenizer
    self.contextSize = contextSize
    self.promptRenderer = promptRenderer
  }

  /// Applies the rules to `request` and streams the result.
  public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
    let events: [GenerationEvent]
    do {
      events = try respond(to: request)
    } catch {
      return AsyncThrowingStream { $0.finish(throwing: error) }
    }
    return AsyncThrowingStream { continuation in
      for event in events {
        if Task.isCancelled {
          continuation.finish(throwing: CancellationError())
          return
        }
        continuation.yield(event)
      }
      continuation.finish()
    }
  }

  /// The events for `request`, computed synchronously and deterministically.
  ///
  /// - Throws: `GenerationError.exceededContextWindowSize` when the rendered request leaves no
  ///   room in ``contextSize`` for an answer, as a token model would; the answer it would write
  ///   is then never computed.
  public func respond(to request: GenerationRequest) throws -> [GenerationEvent] {
    let question = Utterance(request.transcript.lastPromptText ?? "", glossary: rules.glossary)
    let promptTokens = tokenCount(for: request)
    let (needed, overflow) = promptTokens.addingReportingOverflow(Self.answerRoom(request.options))
    guard !overflow, needed <= contextSize else {
      throw LanguageModelSession.GenerationError.exceededContextWindowSize(
        contextSize: contextSize, tokenCount: overflow ? Int.max : needed)
    }
    // The output's tokens and the one end-of-turn token a chat model writes after it.
    func usage(_ output: String) -> GenerationEvent {
      .usage(Usage(promptTokens: promptTokens, generatedTokens: tokenizer.count(output) + 1))
    }
    if let schema = request.responseSchema {
      var proposal = GeneratedContent.null
      var confidence: Double?
      if case .stringEnum(let cases) = schema.root {
        let result = rules.classifier.classify(question, cases: cases)
        proposal = GeneratedContent(kind: .string(result.answer))
        confidence = result.confidence
      }
      let (_, text) = try SchemaSteering.steer(proposal, into: schema)
      return [.text(text)] + (confidence.map { [.confidence($0)] } ?? []) + [usage(text)]
    }
    let results = Self.resultsOfCurrentTurn(request.transcript)
    let enabled = request.tools.map(\.name)
    let context = RuleContext(transcript: request.transcript)
    if results.isEmpty {
      if !context.earlierResults.isEmpty, let text = rules.followUp(question, context) {
        return Self.words(text) + [usage(text)]
      }
      if let text = rules.knowledge(question, context) {
        return Self.words(text) + [usage(text)]
      }
      if let call = try toolCall(for: question, context: context, tools: request.tools) {
        return [.toolCalls([call]), usage(PromptRenderer.callText(call))]
      }
      let text = rules.reply(question, enabled, context)
      return Self.words(text) + [usage(text)]
    }
    let ran = results.filter { result in result.status(rules.statusProperty).map { !rules.statusDidNotRun($0) } ?? true }
    let skipped = results.filter { result in result.status(rules.statusProperty).map(rules.statusDidNotRun) ?? false }
    var sentences = skipped.map(rules.unavailableSentence)
    if !ran.isEmpty {
      let step = rules.answer(ran, question, context)
      switch step {
      case .reply(let text):
        sentences.append(text)
      case .call(let tool, let arguments), .callOrReply(let tool, let arguments, _):
        // The tool, when the request offers it and it has not run this turn with these arguments
        // (at most `maxCallsPerTurn` calls a turn); else the reply.
        if results.count < Self.maxCallsPerTurn, let definition = request.tools.first(where: { $0.name == tool }) {
          let (steered, _) = try SchemaSteering.steer(arguments, into: definition.parameters)
          let alreadyCalled = results.contains { $0.tool == tool && ($0.arguments == steered || $0.arguments == arguments) }
          if !alreadyCalled {
            let call = Transcript.ToolCall(id: "", toolName: tool, arguments: steered)
            return [.toolCalls([call]), usage(PromptRenderer.callText(call))]
          }
        }
        if case .callOrReply(_, _, let reply) = step {
          sentences.append(reply)
        } else {
          sentences.append(rules.reply(question, enabled, context))
        }
      }
    } else {
      sentences.append(rules.unavailableFollowUp)
    }
    let text = sentences.joined(separator: " ")
    return Self.words(text) + [usage(text)]
  }

  /// The best-scoring rule for an enabled tool, as a steered call.
  /// The room a request must leave for its answer, as the llama.cpp backend asks: the caller's
  /// token limit, at most 64 tokens.
  static func answerRoom(_ options: GenerationOptions) -> Int {
    max(min(options.maximumResponseTokens ?? 64, 64), 1)
  }

  private func toolCall(for question: Utterance, context: RuleContext, tools: [ToolDefinition]) throws
    -> Transcript.ToolCall?
  {
    var best: (score: Double, rule: ToolRule, definition: ToolDefinition)?
    if let first = rules.firstTool?(question, context), let rule = rules.toolRules.first(where: { $0.tool == first }),
      let definition = tools.first(where: { $0.name == first })
    {
      best = (.infinity, rule, definition)
    } else {
      for rule in rules.toolRules {
        guard let definition = tools.first(where: { $0.name == rule.tool }) else { continue }
        let score = question.score(rule.triggers) + rule.contextScore(question, context)
        if score >= rule.minimumScore, score > (best?.score ?? 0) { best = (score, rule, definition) }
      }
    }
    guard let best else { return nil }
    let proposal = best.rule.arguments(question, context)
    let (arguments, _) = try SchemaSteering.steer(proposal, into: best.definition.parameters)
    return Transcript.ToolCall(id: "", toolName: best.rule.tool, arguments: arguments)
  }

  /// The tool calls and outputs after the newest prompt.
  static func resultsOfCurrentTurn(_ transcript: Transcript) -> [ToolResult] {
    var calls: [String: Transcript.ToolCall] = [:]
    var results: [ToolResult] = []
    for entry in transcript.entries.reversed() {
      if case .prompt = entry { break }
      if case .toolCalls(let round) = entry { for call in round.calls { calls[call.id] = call } }
    }
    var afterPrompt = false
    var turn = -1
    for entry in transcript.entries {
      switch entry {
      case .prompt: afterPrompt = true; results = []; turn += 1
      case .toolOutput(let output) where afterPrompt:
        results.append(
          ToolResult(
            tool: output.toolName, arguments: calls[output.id]?.arguments ?? .null, output: output.content, turn: turn))
      default: break
      }
    }
    return results
  }

  /// Text streamed a word at a time.
  static func words(_ text: String) -> [GenerationEvent] {
    var events: [GenerationEvent] = []
    var current = ""
    for character in text {
      current.append(character)
      if character == " " {
        events.append(.text(current))
        current = ""
      }
    }
    if !current.isEmpty { events.append(.text(current)) }
    return events
  }
}
