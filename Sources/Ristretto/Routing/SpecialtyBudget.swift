import Foundation

/// The prompt cost of every specialty of an app (instructions plus tools), and a check that each
/// leaves a reserve for history and the answer within the model's context.
///
/// ```swift
/// let budget = SpecialtyBudget<Desk>(model: model, toolbox: tools, instructions: set)
/// try budget.check(reserve: 1500)
/// budget.meanSpecialistShare // 0.41: specialists cost 41% of the fallback on average
/// ```
public struct SpecialtyBudget<S: Specialty>: Sendable {
  /// One specialty's costs.
  public struct Row: Sendable, Codable {
    /// The specialty's name.
    public var name: String
    /// Tokens of its instructions (core + briefings) as a system turn.
    public var instructionTokens: Int
    /// Tokens of each tool definition line.
    public var tools: [ToolCost]
    /// The exact cost of the system text (instructions, tools, call format and template markup)
    /// in front of a user turn, through the backend's rendering.
    public var totalTokens: Int
  }

  /// One tool's cost.
  public struct ToolCost: Sendable, Codable {
    /// The tool's name.
    public var name: String
    /// Its tokens.
    public var tokens: Int
  }

  /// The rows, in case order (the fallback included).
  public let rows: [Row]
  /// The model's context size.
  public let contextSize: Int

  /// Measures every specialty.
  /// - Throws: ``RoutingConfigurationError`` when a specialty or briefing names a missing tool.
  public init(model: any LanguageModel, toolbox: [any Tool], instructions: InstructionSet) throws(RoutingConfigurationError) {
    try S.validate(toolbox: toolbox, instructions: instructions)
    contextSize = model.contextSize
    rows = S.allCases.map { specialty in
      let tools = specialty.tools(from: toolbox)
      let text = specialty.instructions(from: instructions, toolbox: toolbox)
      let system = Transcript.Entry.instructions(
        .init(segments: text.segments.map { .text($0) }, toolDefinitions: tools.map(\.definition)))
      let prompt = Transcript.Entry.prompt(.init(id: "prompt", segments: []))
      return Row(
        name: specialty.rawValue, instructionTokens: model.tokenCount(for: text),
        tools: tools.map { ToolCost(name: $0.name, tokens: model.tokenCount(for: $0)) },
        totalTokens: model.difference(with: [system, prompt], without: [prompt]))
    }
  }

  /// The fallback's row.
  public var fallback: Row { rows.first { $0.name == S.fallback.rawValue }! }

  /// The mean cost of the specialists (every case but the fallback) as a share of the fallback's.
  public var meanSpecialistShare: Double {
    let specialists = rows.filter { $0.name != S.fallback.rawValue }
    guard !specialists.isEmpty, fallback.totalTokens > 0 else { return 1 }
    let mean = Double(specialists.map(\.totalTokens).reduce(0, +)) / Double(specialists.count)
    return mean / Double(fallback.totalTokens)
  }

  /// Throws when any specialty leaves less than `reserve` tokens of the context free.
  public func check(reserve: Int) throws(BudgetError) {
    for row in rows where row.totalTokens + reserve > contextSize {
      throw .overBudget(specialty: row.name, promptTokens: row.totalTokens, reserve: reserve, contextSize: contextSize)
    }
  }
}

/// A configuration that does not fit its budget.
public enum BudgetError: Error, Sendable, Equatable, LocalizedError {
  /// A specialty's prompt plus the reserve exceeds the context.
  case overBudget(specialty: String, promptTokens: Int, reserve: Int, contextSize: Int)

  /// A sentence with the figures.
  public var errorDescription: String? {
    switch self {
    case .overBudget(let specialty, let prompt, let reserve, let context):
      "Specialty '\(specialty)' costs \(prompt) prompt tokens; with \(reserve) reserved for history and the answer that is "
        + "\(prompt + reserve), over the \(context)-token context. Trim its instructions or give it fewer tools."
    }
  }
}
