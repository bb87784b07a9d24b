import Foundation

/// The tool-less classifier that picks a specialist for a conversation's first message.
///
/// It runs a separate session with minimal instructions (the cases and their one-line
/// descriptions) and no tools, and its answer is generated under an enum schema of the cases plus
/// `unsure`, so it cannot say anything else. `unsure`, a confidence below the threshold, an
/// error, or an unusable answer all send the conversation to the fallback, with the reason.
///
/// ```swift
/// let router = Router<Desk>(model: model)
/// let decision = await router.route("Where can I buy beans near me?")
/// decision.specialty // .shopping
/// ```
public struct Router<S: Specialty>: SpecialtyRouter {
  /// The backend that classifies.
  public let model: any LanguageModel
  /// The router's instructions.
  public let instructions: Instructions
  /// Decisions below this confidence count as unsure (for backends that report confidence).
  public var confidenceThreshold: Double?
  /// Options for the classification call (greedy by default).
  public var options: GenerationOptions

  /// The answer that means "none fits".
  public static var unsureAnswer: String { "unsure" }

  /// The enum schema the answer is generated under: every case, then `unsure`.
  public static var schema: GenerationSchema {
    GenerationSchema(root: .stringEnum(S.allCases.map(\.rawValue) + [unsureAnswer]), title: "Route")
  }

  /// Creates a router.
  /// - Parameters:
  ///   - model: The backend.
  ///   - instructions: Override the default instructions (for example, to add labelled examples).
  ///   - confidenceThreshold: Below it, a decision counts as unsure.
  ///   - options: How the router's request is generated (default: greedy, at most 8 tokens).
  public init(
    model: any LanguageModel, instructions: Instructions? = nil, confidenceThreshold: Double? = nil,
    options: GenerationOptions = GenerationOptions(sampling: .greedy, maximumResponseTokens: 8)
  ) {
    self.model = model
    self.instructions = instructions ?? Self.defaultInstructions
    self.confidenceThreshold = confidenceThreshold
    self.options = options
  }

  /// "Pick the desk for the question", then one line per case.
  public static var defaultInstructions: Instructions {
    var lines = ["Route the question to one desk. Answer with its name only."]
    for specialty in S.allCases where specialty != S.fallback {
      lines.append("\(specialty.rawValue): \(specialty.routingDescription)")
    }
    lines.append("\(S.fallback.rawValue): \(S.fallback.routingDescription)")
    lines.append("\(unsureAnswer): none fits clearly")
    return Instructions(lines.joined(separator: "\n"))
  }

  /// Chooses a specialist; every failure but cancellation falls back with the reason.
  /// - Throws: `CancellationError` when the calling task is cancelled.
  public func route(_ question: String) async throws -> RoutingDecision<S> {
    let session = LanguageModelSession(model: model, instructions: instructions, maximumToolRounds: 0)
    let response: Response<GeneratedContent>
    do {
      response = try await session.respond(
        to: Prompt(question), schema: Self.schema, includeSchemaInPrompt: false, options: options)
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      try Task.checkCancellation()
      return .failed("routing failed: \(error.localizedDescription)")
    }
    guard case .string(let answer) = response.content.kind else {
      return .failed("the router's answer was not a string", usage: response.usage)
    }
    if answer == Self.unsureAnswer { return .unsure(confidence: response.confidence, usage: response.usage) }
    guard let specialty = S(rawValue: answer) else {
      return .failed("the router answered '\(answer)', which is not a specialty", usage: response.usage)
    }
    if let threshold = confidenceThreshold, let confidence = response.confidence, confidence < threshold {
      return .unsure(confidence: confidence, usage: response.usage)
    }
    return .chosen(specialty, confidence: response.confidence, usage: response.usage)
  }
}
