import Foundation
import MokaPot
import Ristretto
import RistrettoRules

/// Tool renderer costs: compact vs jsonSchema per tool, and the overhead over the raw facts.
enum BudgetBench {
  /// The facts a renderer must keep: name, description, parameter names and descriptions, enum values.
  static func facts(of definition: ToolDefinition) -> [String] {
    var facts = [definition.name, definition.description]
    func walk(_ node: GenerationSchema.Node) {
      switch node {
      case .object(_, _, let properties):
        for property in properties {
          facts.append(property.name)
          if let description = property.description { facts.append(description) }
          walk(property.node)
        }
      case .stringEnum(let values): facts += values
      case .array(let element, _, _): walk(element)
      case .anyOf(let choices): choices.forEach(walk)
      case .integer(let minimum?, let maximum?) where minimum == maximum: facts.append(String(minimum))
      default: break
      }
    }
    walk(definition.parameters.root)
    return facts
  }

  static func run(_ options: BenchOptions) throws {
    let assistant = MokaAssistant(data: MokaData.load())
    let tokenizer = try MokaAssistant.smolLM2Tokenizer()
    var rows: [[String: Any]] = []
    var totals = (compact: 0, json: 0, facts: 0)
    print("tool".padding(toLength: 14, withPad: " ", startingAt: 0) + "  facts  compact  jsonSchema  compact/facts  compact/json")
    for tool in assistant.toolbox {
      let definition = tool.definition
      let factTokens = facts(of: definition).reduce(0) { $0 + tokenizer.count($1) }
      let compact = tokenizer.count(ToolRenderer.compact.render(definition))
      let json = tokenizer.count(ToolRenderer.jsonSchema.render(definition))
      totals = (totals.compact + compact, totals.json + json, totals.facts + factTokens)
      print(
        tool.name.padding(toLength: 14, withPad: " ", startingAt: 0)
          + String(
            format: "%7d %8d %11d %14.2f %13.2f", factTokens, compact, json, Double(compact) / Double(factTokens),
            Double(compact) / Double(json)))
      rows.append([
        "name": tool.name, "factTokens": factTokens, "compactTokens": compact, "jsonSchemaTokens": json,
        "compactOverhead": Double(compact) / Double(factTokens), "jsonSchemaOverhead": Double(json) / Double(factTokens),
      ])
    }
    let overhead = Double(totals.compact) / Double(totals.facts)
    let share = Double(totals.compact) / Double(totals.json)
    print(
      "all".padding(toLength: 14, withPad: " ", startingAt: 0)
        + String(format: "%7d %8d %11d %14.2f %13.2f", totals.facts, totals.compact, totals.json, overhead, share))
    print(
      String(format: "targets: compact overhead <= 1.30 (%.2f), compact <= 50%% of jsonSchema (%.0f%%)", overhead, share * 100))
    let specialties = try specialtyRows(assistant, tokenizer: tokenizer)
    try writeJSON(
      [
        "suite": "budget", "tools": rows, "specialties": specialties, "totalFactTokens": totals.facts,
        "totalCompactTokens": totals.compact,
        "totalJsonSchemaTokens": totals.json, "compactOverhead": overhead, "compactShareOfJsonSchema": share,
      ], to: options.jsonPath)
    if let directory = options.svgDirectory { try BenchCharts.budget(specialties, to: directory) }
  }

  /// Per specialty: instruction and tool tokens in its system prompt (``SpecialtyBudget``), counted
  /// with SmolLM2's tokenizer.
  static func specialtyRows(_ assistant: MokaAssistant, tokenizer: BPETokenizer) throws -> [[String: Any]] {
    let model = RuleBasedModel(rules: assistant.ruleBook, tokenizer: tokenizer)
    let budget = try SpecialtyBudget<MokaSpecialty>(
      model: model, toolbox: assistant.toolbox, instructions: assistant.instructions)
    print("specialty        instructions  tools  total")
    return budget.rows.map { row in
      let tools = row.tools.reduce(0) { $0 + $1.tokens }
      print(
        row.name.padding(toLength: 16, withPad: " ", startingAt: 0)
          + String(format: " %12d %6d %6d", row.instructionTokens, tools, row.totalTokens))
      return [
        "name": row.name, "instructionTokens": row.instructionTokens, "toolTokens": tools, "totalTokens": row.totalTokens,
        "tools": row.tools.map { ["name": $0.name, "tokens": $0.tokens] },
      ]
    }
  }
}
