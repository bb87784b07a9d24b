/// Grounded answers: after the tools of a turn ran, the model does not write free prose; it
/// chooses and orders statements the app wrote from the typed tool outputs, and the session
/// joins them into the answer.
///
/// A small model is good at picking among a few numbered lines and bad at stating facts; with
/// grounding it can only say what a tool said, and a statement the app marks as required (a
/// source that did not run, a constraint that could not be applied) is always in the answer,
/// so "unavailable" can never read as "nothing found".
///
/// ```swift
/// let grounding = Grounding { question, turn in
///   turn.compactMap { entry -> Grounding.Statement? in
///     guard case .toolOutput(let output) = entry else { return nil }
///     return Grounding.Statement(output.segments.map(\.text).joined())
///   }
/// }
/// let session = LanguageModelSession(model: model, tools: [BeanSearch()], instructions: "…", grounding: grounding)
/// ```
///
/// The selection is one guided generation: an array of statement numbers under the guidance
/// automaton, so it is always well formed. A follow-up whose model declined every tool
/// (``GenerationRequest/mayDeclineTools``) is grounded on the newest earlier turn that ran a
/// tool; any other turn that called no tool is answered in free text. A grounded turn makes one
/// round of tool calls, then answers.
public struct Grounding: Sendable {
  /// One candidate sentence of an answer.
  public struct Statement: Sendable, Equatable {
    /// The text, as the user will read it.
    public var text: String
    /// Whether it is in every answer, whatever the model picks (statuses, refused constraints).
    public var isRequired: Bool

    /// Creates a statement.
    public init(_ text: String, isRequired: Bool = false) {
      self.text = text
      self.isRequired = isRequired
    }
  }

  /// The candidate statements for a turn: the question and the turn's entries (tool calls and outputs).
  public var statements: @Sendable (_ question: String, _ turn: [Transcript.Entry]) -> [Statement]
  /// The most statements the model may pick (required ones come on top).
  public var maximumPicks: Int
  /// What the model is told before the numbered statements.
  public var instruction: String
  /// Whether the selection request also shows the turn's raw tool outputs. Off by default: the
  /// statements were written from them and say the same, and every token of a prompt is
  /// evaluated before the model picks (about 10 ms each for a 135M model on one core).
  public var showsToolOutputs: Bool

  /// Creates a grounding.
  public init(
    maximumPicks: Int = 3, showsToolOutputs: Bool = false,
    instruction: String =
      "Answer the question using only these statements. Reply with the numbers of the statements that answer it, most relevant first.",
    statements: @escaping @Sendable (_ question: String, _ turn: [Transcript.Entry]) -> [Statement]
  ) {
    self.maximumPicks = maximumPicks
    self.showsToolOutputs = showsToolOutputs
    self.instruction = instruction
    self.statements = statements
  }

  /// The schema of a pick among `count` optional statements: `{"picks": ["2", "1"]}`.
  func selectionSchema(count: Int) -> GenerationSchema {
    GenerationSchema(
      root: .object(
        name: "Picks",
        properties: [
          .init(
            name: "picks",
            node: .array(
              .stringEnum((1...count).map(String.init)), minimumCount: 1, maximumCount: max(1, min(maximumPicks, count))))
        ]))
  }

  /// The history the selection prompt follows: `entries`, without the turn's tool outputs
  /// (entries from `turnStart` on) unless ``showsToolOutputs``.
  func selectionHistory(_ entries: [Transcript.Entry], turnStart: Int) -> [Transcript.Entry] {
    guard !showsToolOutputs else { return entries }
    return entries.enumerated().compactMap { index, entry in
      if index >= turnStart, case .toolOutput = entry { return nil }
      return entry
    }
  }

  /// The prompt that lists the optional statements.
  func selectionPrompt(question: String, optional: [Statement]) -> String {
    let lines = optional.enumerated().map { "\($0.offset + 1). \($0.element.text)" }
    return ([instruction, "Question: \(question)"] + lines).joined(separator: "\n")
  }

  /// The answer: required statements, then the picked ones in the model's order, each once.
  static func answer(required: [Statement], optional: [Statement], picks: [String]) -> String {
    var chosen = required.map(\.text)
    for pick in picks {
      guard let number = Int(pick), optional.indices.contains(number - 1) else { continue }
      let text = optional[number - 1].text
      if !chosen.contains(text) { chosen.append(text) }
    }
    if chosen.isEmpty, let first = optional.first { chosen.append(first.text) }
    return chosen.joined(separator: " ")
  }
}
