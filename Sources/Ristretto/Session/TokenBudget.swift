import Foundation

/// What a session configuration costs in tokens against a model's context: per component,
/// in total, and the headroom left for history and the answer.
///
/// ```swift
/// let budget = TokenBudget(model: model, instructions: instructions, tools: tools, reservedForResponse: 500)
/// print(budget.table)
/// if !budget.fits { … }
/// ```
public struct TokenBudget: Sendable, Codable, Equatable {
  /// One line of the report.
  public struct Component: Sendable, Codable, Equatable {
    /// What the tokens are for (`instructions`, `tool searchBeans`, `history`, …).
    public var name: String
    /// How many tokens it costs.
    public var tokens: Int
  }

  /// The model's context size.
  public var contextSize: Int
  /// The costs, in prompt order; `chat template` is what the template adds around the parts.
  public var components: [Component]
  /// Tokens kept free for the answer.
  public var reservedForResponse: Int
  /// The exact prompt cost (the rendered prompt's token count).
  public var promptTokens: Int

  /// Prompt plus reserve.
  public var totalTokens: Int { promptTokens + reservedForResponse }
  /// Tokens left over (negative when over budget).
  public var headroom: Int { contextSize - totalTokens }
  /// Whether everything fits.
  public var fits: Bool { headroom >= 0 }

  /// Measures a configuration.
  /// - Parameters:
  ///   - model: The backend whose tokenizer and template count.
  ///   - instructions: The session's instructions.
  ///   - tools: The session's tools.
  ///   - transcript: History entries after the instructions, if any.
  ///   - reservedForResponse: Tokens to keep free for the answer.
  public init(
    model: any LanguageModel, instructions: Instructions?, tools: [any Tool], transcript: [Transcript.Entry] = [],
    reservedForResponse: Int = HistoryPolicy.defaultResponseReserve
  ) {
    let definitions = tools.map(\.definition)
    let instructionsEntry = Transcript.Entry.instructions(
      .init(segments: (instructions?.segments ?? []).map { .text($0) }, toolDefinitions: definitions))
    let history = transcript.filter { if case .instructions = $0 { false } else { true } }
    let request = GenerationRequest(transcript: Transcript(entries: [instructionsEntry] + history), tools: definitions)
    let total = model.tokenCount(for: request)
    var parts: [Component] = []
    if let instructions, !instructions.text.isEmpty {
      parts.append(Component(name: "instructions", tokens: model.tokenizer.count(instructions.text)))
    }
    if !tools.isEmpty {
      for tool in tools { parts.append(Component(name: "tool \(tool.name)", tokens: model.tokenCount(for: tool))) }
      let header = (instructions?.text.isEmpty ?? true) ? "Tools:\n" : "\nTools:\n"
      let overhead = model.tokenizer.count(header) + model.tokenizer.count(PromptRenderer.toolCallFormat)
      parts.append(Component(name: "tool-call format", tokens: overhead))
    }
    if !history.isEmpty {
      let tokens = model.difference(with: [instructionsEntry] + history, without: [instructionsEntry])
      parts.append(Component(name: "history (\(history.count) entries)", tokens: tokens))
    }
    let counted = parts.reduce(0) { $0 + $1.tokens }
    parts.append(Component(name: "chat template", tokens: total - counted))
    self.contextSize = model.contextSize
    self.components = parts
    self.reservedForResponse = reservedForResponse
    self.promptTokens = total
  }

  /// The report as an aligned text table.
  public var table: String {
    let rows = components.map { ($0.name, $0.tokens) } + [("reserved for response", reservedForResponse)]
    let width = max(24, rows.map(\.0.count).max() ?? 0)
    func line(_ name: String, _ value: Int) -> String {
      let percent = String(format: "%5.1f%%", Double(value) * 100 / Double(max(contextSize, 1)))
      return name.padding(toLength: width, withPad: " ", startingAt: 0) + String(format: "%7d", value) + "  " + percent
    }
    var lines = rows.map(line)
    lines.append(String(repeating: "-", count: width + 15))
    lines.append(line("total", totalTokens))
    lines.append(line("context", contextSize))
    lines.append(line(fits ? "headroom" : "OVER BUDGET by", abs(headroom)))
    return lines.joined(separator: "\n")
  }

  /// The report as compact JSON.
  public var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var object = (try? JSONSerialization.jsonObject(with: encoder.encode(self))) as? [String: Any] ?? [:]
    object["totalTokens"] = totalTokens
    object["headroom"] = headroom
    object["fits"] = fits
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
