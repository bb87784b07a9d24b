import Foundation
import MokaPot
import Ristretto

/// The subcommands.
enum Commands {
  static func ask(_ options: Options, assistant: MokaAssistant) async throws {
    let model = try await Backend.model(options, assistant: assistant)
    let chat = try assistant.chat(model: model, router: try Backend.router(options, model: model, assistant: assistant))
    let reply = try await chat.send(options.question ?? "")
    let outputs = reply.response.toolOutputs
    if options.json {
      print(turnObject(reply, question: options.question ?? "", turn: nil).jsonString)
    } else {
      print(reply.response.content)
      if let choices = Self.choices(in: outputs) {
        for (index, option) in choices.enumerated() { print("  \(index + 1). \(option)") }
      }
    }
  }

  /// One turn as JSON: `{"turn","question","specialty","switchedFrom","unsure","toolCalls","answer","usage"}`
  /// (`turn` only in a chat).
  static func turnObject(_ reply: SpecialistChat<MokaSpecialty>.Reply, question: String, turn: Int?) -> GeneratedContent {
    let outputs = reply.response.toolOutputs
    let toolCalls = reply.response.toolCalls.map { call -> GeneratedContent in
      let status = outputs.first { $0.id == call.id }.flatMap(Self.status)
      return GeneratedContent(properties: ["tool": call.toolName, "arguments": call.arguments, "status": status])
    }
    let usage = reply.usage
    var fields: [(String, any ConvertibleToGeneratedContent)] = []
    if let turn { fields.append(("turn", turn)) }
    fields += [
      ("question", question), ("specialty", reply.specialty.rawValue),
      ("switchedFrom", reply.switchedFrom.map { GeneratedContent(kind: .string($0.rawValue)) } ?? .null),
      ("unsure", reply.routing?.wasUnsure ?? false), ("toolCalls", GeneratedContent(elements: toolCalls)),
      ("answer", reply.response.content),
      (
        "usage",
        GeneratedContent(properties: [
          "promptTokens": usage.promptTokens, "cachedTokens": usage.cachedPromptTokens, "outputTokens": usage.generatedTokens,
        ])
      ),
    ]
    var values: [String: GeneratedContent] = [:]
    for (key, value) in fields { values[key] = value.generatedContent }
    return GeneratedContent(kind: .structure(properties: values, orderedKeys: fields.map(\.0)))
  }

  /// A failure as `{"error":{"code","message"}}` (after `turn` and `question` in a chat), in
  /// words for the person asking.
  static func errorObject(_ error: any Error, question: String? = nil, turn: Int? = nil) -> GeneratedContent {
    let (code, message) = describe(error)
    var fields: [(String, GeneratedContent)] = []
    if let turn { fields.append(("turn", turn.generatedContent)) }
    if let question { fields.append(("question", question.generatedContent)) }
    fields.append(("error", GeneratedContent(properties: ["code": code, "message": message])))
    return GeneratedContent(
      kind: .structure(properties: Dictionary(uniqueKeysWithValues: fields), orderedKeys: fields.map(\.0)))
  }

  /// A code and a sentence for the person asking: what happened and what they can do.
  static func describe(_ error: any Error) -> (code: String, message: String) {
    switch error {
    case let failure as Backend.Failure: ("backendUnavailable", failure.message)
    case GenerationError.exceededContextWindowSize(let context):
      (
        "questionTooLong",
        "That message is too long for this model: it needs about \(context.tokenCount ?? 0) tokens of a "
          + "\(context.contextSize ?? 0)-token context. Please ask a shorter question, or start a new conversation."
      )
    case GenerationError.concurrentRequests: ("busy", "Still answering the previous message.")
    case is CancellationError: ("cancelled", "The answer was stopped before it was complete.")
    case GenerationError.modelUnavailable:
      ("backendUnavailable", "The model is not available right now. Check that it is installed or running, and try again.")
    case let error as GenerationError:
      ("generationFailed", "The model could not answer this (\(error.localizedDescription)) Please try again or rephrase.")
    default:
      ("backendFailed", "The model backend failed: \(error.localizedDescription) Try again, or use --backend rules.")
    }
  }

  static func route(_ options: Options, assistant: MokaAssistant) async throws {
    let model = try await Backend.model(options, assistant: assistant)
    let router = try Backend.router(options, model: model, assistant: assistant)
    while let line = readLine() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty else { continue }
      var question = trimmed
      if trimmed.hasPrefix("{"), let object = try? GeneratedContent(json: trimmed),
        let text: String = try? object.value(forProperty: "q")
      {
        question = text
      }
      let decision = try await router.route(question)
      print(
        GeneratedContent(properties: [
          "question": question, "specialty": decision.specialty.rawValue, "unsure": decision.wasUnsure,
          "promptTokens": decision.usage.promptTokens, "outputTokens": decision.usage.generatedTokens,
        ]).jsonString)
    }
  }

  static func budget(_ options: Options, assistant: MokaAssistant) async throws {
    let renderer = ToolRenderer(rawValue: options.renderer) ?? .compact
    let model = try await Backend.model(options, assistant: assistant, renderer: renderer)
    let budget = try SpecialtyBudget<MokaSpecialty>(
      model: model, toolbox: assistant.toolbox, instructions: assistant.instructions)
    let router = RouterCost(model: model)
    if options.json {
      let rows = budget.rows.map { row in
        GeneratedContent(properties: [
          "name": row.name, "instructionTokens": row.instructionTokens,
          "tools": GeneratedContent(
            elements: row.tools.map { GeneratedContent(properties: ["name": $0.name, "tokens": $0.tokens]) }),
          "totalTokens": row.totalTokens,
        ])
      }
      print(
        GeneratedContent(properties: [
          "contextSize": model.contextSize, "renderer": renderer.rawValue, "specialties": GeneratedContent(elements: rows),
          "router": GeneratedContent(properties: ["promptTokens": router.promptTokens, "outputTokens": router.outputTokens]),
          "meanSpecialistShare": (budget.meanSpecialistShare * 1000).rounded() / 1000,
        ]).jsonString)
      return
    }
    print("Token budget (\(renderer.rawValue) tool renderer, context \(model.contextSize) tokens)\n")
    for row in budget.rows {
      let share = String(format: "%.1f%%", Double(row.totalTokens) * 100 / Double(model.contextSize))
      print("\(row.name)\(row.name == MokaSpecialty.fallback.rawValue ? " (fallback)" : ""): \(row.totalTokens) tokens, \(share)")
      print("  instructions".padding(toLength: 26, withPad: " ", startingAt: 0) + String(format: "%5d", row.instructionTokens))
      for tool in row.tools {
        print("  tool \(tool.name)".padding(toLength: 26, withPad: " ", startingAt: 0) + String(format: "%5d", tool.tokens))
      }
    }
    print(String(format: "\nMean specialist prompt: %.1f%% of the fallback's", budget.meanSpecialistShare * 100))
    print("Router: \(router.promptTokens) prompt tokens (before the question), at most \(router.outputTokens) output tokens")
  }

  /// The status of a tool output, if it has one.
  static func status(_ output: Transcript.ToolOutput) -> String? {
    guard case .structure(let segment)? = output.segments.first else { return nil }
    return try? segment.content.value(String.self, forProperty: "status")
  }

  /// The options an offerChoices call showed, if any.
  static func choices(in outputs: [Transcript.ToolOutput]) -> [String]? {
    guard let output = outputs.last(where: { $0.toolName == "offerChoices" }),
      case .structure(let segment)? = output.segments.first
    else { return nil }
    return try? segment.content.value([String].self, forProperty: "options")
  }
}

/// What a routing call costs before the question, and its longest answer.
struct RouterCost {
  let promptTokens: Int
  let outputTokens: Int

  init(model: any LanguageModel) {
    let router = Router<MokaSpecialty>(model: model)
    let request = GenerationRequest(
      transcript: Transcript(entries: [
        .instructions(.init(segments: [.text(router.instructions.text)], toolDefinitions: [])),
        .prompt(.init(id: "p", segments: [.text("")])),
      ]))
    promptTokens = model.tokenCount(for: request)
    outputTokens =
      (MokaSpecialty.allCases.map(\.rawValue) + ["unsure"])
      .map { model.tokenizer.count(GeneratedContent.quoted($0)) + 1 }.max() ?? 0
  }
}
