/// Everything a backend needs for one generation: the history the model sees, the tools it may
/// call, an optional response schema, and sampling options.
public struct GenerationRequest: Sendable {
  /// The entries the model sees, starting with the instructions and ending with the newest prompt
  /// or tool output.
  public var transcript: Transcript
  /// The tools the model may call.
  ///
  /// With a ``responseSchema`` the reply follows the schema and calls nothing: the tools are
  /// then context only, listed so the prompt starts as the turn's earlier requests did.
  public var tools: [ToolDefinition]
  /// The schema the response must follow, or nil for free text. It wins over ``tools``.
  public var responseSchema: GenerationSchema?
  /// Whether the schema is written into the prompt as well as enforced.
  public var includeSchemaInPrompt: Bool
  /// Sampling and length options.
  public var options: GenerationOptions
  /// Whether the model may decline to call a tool and leave the answer to the app.
  ///
  /// The session sets it on the first request of a grounded turn when earlier turns hold tool
  /// outputs: a follow-up ("which of those is decaf?") may be answered from them. A backend that
  /// guides tool calls then offers "no tool" as one more choice, and reports choosing it as an
  /// empty ``GenerationEvent/toolCalls(_:)``; the session grounds the answer on the earlier outputs.
  /// Backends that cannot decline ignore it.
  public var mayDeclineTools: Bool

  /// Creates a request.
  public init(
    transcript: Transcript, tools: [ToolDefinition] = [], responseSchema: GenerationSchema? = nil,
    includeSchemaInPrompt: Bool = true, options: GenerationOptions = GenerationOptions(), mayDeclineTools: Bool = false
  ) {
    self.transcript = transcript
    self.tools = tools
    self.responseSchema = responseSchema
    self.includeSchemaInPrompt = includeSchemaInPrompt
    self.options = options
    self.mayDeclineTools = mayDeclineTools
  }
}

/// One event in a backend's reply stream.
public enum GenerationEvent: Sendable, Equatable {
  /// More response text (for a structured response, more of its JSON).
  case text(String)
  /// The model calls tools instead of answering. Empty: it declined every tool (only when the
  /// request ``GenerationRequest/mayDeclineTools``).
  case toolCalls([Transcript.ToolCall])
  /// A whole structured value, from backends that build values rather than text.
  case structure(GeneratedContent)
  /// Token counts for this generation.
  case usage(Usage)
  /// The probability the model gave its structured answer (for an enum, the chosen case), from
  /// backends that can compute it.
  case confidence(Double)
}

/// Token counts for one generation or a whole request.
public struct Usage: Sendable, Equatable, Codable {
  /// Tokens of prompt the model read (including cached ones).
  public var promptTokens: Int
  /// Prompt tokens reused from the backend's cache instead of being processed again.
  public var cachedPromptTokens: Int
  /// Tokens the model generated.
  public var generatedTokens: Int

  /// Creates a usage record.
  public init(promptTokens: Int = 0, cachedPromptTokens: Int = 0, generatedTokens: Int = 0) {
    self.promptTokens = promptTokens
    self.cachedPromptTokens = cachedPromptTokens
    self.generatedTokens = generatedTokens
  }

  /// The sum of two usages, saturating at `Int.max` (a count reported by a backend never traps).
  public static func + (lhs: Usage, rhs: Usage) -> Usage {
    func sum(_ a: Int, _ b: Int) -> Int {
      let (value, overflow) = a.addingReportingOverflow(b)
      return overflow ? (b < 0 ? Int.min : Int.max) : value
    }
    return Usage(
      promptTokens: sum(lhs.promptTokens, rhs.promptTokens),
      cachedPromptTokens: sum(lhs.cachedPromptTokens, rhs.cachedPromptTokens),
      generatedTokens: sum(lhs.generatedTokens, rhs.generatedTokens))
  }
}
