import Ristretto

/// What came before the current question: the earlier questions and what each earlier tool call
/// returned. Rules read it to resolve follow-ups ("which of those is decaf?", "how much of it is
/// left?") against real tool outputs rather than guesses.
public struct RuleContext: Sendable {
  /// The user's earlier questions, oldest first.
  public var earlierQuestions: [String]
  /// The tool results of earlier turns, oldest first.
  public var earlierResults: [ToolResult]
  /// The answers of earlier turns, oldest first (a turn without a text answer has none): what
  /// "it" or "that one" may point at.
  public var earlierAnswers: [String]

  /// Creates a context.
  public init(earlierQuestions: [String] = [], earlierResults: [ToolResult] = [], earlierAnswers: [String] = []) {
    self.earlierQuestions = earlierQuestions
    self.earlierResults = earlierResults
    self.earlierAnswers = earlierAnswers
  }

  /// The context of the newest prompt of `transcript`: everything before it.
  public init(transcript: Transcript) {
    var questions: [String] = []
    var results: [ToolResult] = []
    var calls: [String: Transcript.ToolCall] = [:]
    var pending: [ToolResult] = []
    var answers: [String] = []
    for entry in transcript.entries {
      switch entry {
      case .prompt(let prompt):
        results += pending
        pending = []
        questions.append(prompt.segments.map(\.text).joined(separator: " "))
      case .toolCalls(let round):
        for call in round.calls { calls[call.id] = call }
      case .toolOutput(let output):
        pending.append(
          ToolResult(
            tool: output.toolName, arguments: calls[output.id]?.arguments ?? .null, output: output.content,
            turn: questions.count - 1))
      case .response(let response):
        let text = response.segments.map(\.text).joined(separator: " ")
        if !text.isEmpty { answers.append(text) }
      default: break
      }
    }
    earlierQuestions = Array(questions.dropLast())
    earlierResults = results
    earlierAnswers = answers
  }

  /// The newest earlier result of `tool` whose status (in `property`) is one of `statuses` (any when empty).
  public func latest(_ tool: String, statusProperty property: String? = "status", in statuses: Set<String> = [])
    -> ToolResult?
  {
    earlierResults.last { result in
      result.tool == tool && (statuses.isEmpty || result.status(property).map(statuses.contains) == true)
    }
  }
}

extension Transcript.ToolOutput {
  /// The output as one value: the structure when there is one, else the text.
  var content: GeneratedContent {
    if segments.count == 1, case .structure(let segment) = segments[0] { return segment.content }
    return GeneratedContent(kind: .string(segments.map(\.text).joined(separator: "\n")))
  }
}
