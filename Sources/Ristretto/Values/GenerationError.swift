import Foundation

/// Why a request failed. The session's transcript is left exactly as it was before it.
///
/// Foundation Models spells it `LanguageModelSession.GenerationError`, which is an alias of this.
public enum GenerationError: Error, Sendable, Equatable, LocalizedError {
  /// The request (instructions, tools, history and reserved answer tokens) does not fit.
  /// `tokenCount` is what it needs at least: the exact count, or, for a prompt refused from its
  /// length alone before it was tokenized, a lower bound that already exceeds the context.
  case exceededContextWindowSize(contextSize: Int, tokenCount: Int)
  /// The model cannot run.
  case modelUnavailable(ModelAvailability.UnavailableReason)
  /// The model's output could not be decoded into the requested type.
  case decodingFailure(String)
  /// A schema uses a guide the backend cannot enforce.
  case unsupportedGuide(String)
  /// Another request is already running on this session.
  case concurrentRequests
  /// The model kept calling tools past the session's limit of rounds.
  case toolLoopLimit(rounds: Int)
  /// The model called a tool the session does not have.
  case unknownTool(String)
  /// The model kept calling a tool with arguments its schema does not allow, after being told
  /// what was wrong; the tool never ran with them.
  case invalidToolArguments(tool: String, reason: String, attempts: Int)
  /// Foundation Models' guardrail error. Ristretto's local backends have no guardrails and
  /// never throw it; a served backend may, when its server refuses content.
  case guardrailViolation(Context)
  /// Foundation Models' error for missing model assets; Ristretto reports those as
  /// ``modelUnavailable(_:)`` instead and never throws it.
  case assetsUnavailable(Context)
  /// Foundation Models' error for an unsupported language; never thrown by Ristretto's backends.
  case unsupportedLanguageOrLocale(Context)
  /// The backend refused the request because of load (a served backend under rate limits).
  case rateLimited(Context)
  /// The generation options cannot be honoured (a response limit below one token, a negative
  /// temperature, an empty sampling pool); the request was not started.
  case invalidOptions(String)

  /// What Foundation Models attaches to some of its errors.
  public struct Context: Sendable, Equatable {
    /// A sentence for developers.
    public var debugDescription: String
    /// Creates a context.
    public init(debugDescription: String) { self.debugDescription = debugDescription }
  }

  /// A sentence that says what happened and what to do.
  public var errorDescription: String? {
    switch self {
    case .exceededContextWindowSize(let contextSize, let tokenCount):
      "The request needs at least \(tokenCount) tokens but the model's context holds \(contextSize). "
        + "Shorten the prompt or the instructions, give the session fewer tools, or set a history policy that drops "
        + "old entries."
    case .modelUnavailable(let reason): "The model is unavailable: \(reason.description)"
    case .decodingFailure(let context): "The model's output could not be decoded: \(context)"
    case .unsupportedGuide(let context): "The schema cannot be enforced: \(context)"
    case .concurrentRequests:
      "This session is already responding. Wait for the current request to finish, or use another session."
    case .toolLoopLimit(let rounds):
      "The model called tools for \(rounds) rounds without answering; raise maximumToolRounds or check the tools' outputs."
    case .unknownTool(let name): "The model called '\(name)', which this session does not have."
    case .invalidToolArguments(let tool, let reason, let attempts):
      "The model called '\(tool)' \(attempts) times with arguments its schema does not allow (\(reason)); "
        + "the tool did not run. Make the argument's guide or description clearer, or raise maximumArgumentCorrections."
    case .guardrailViolation(let context): "The request was refused by a content guardrail: \(context.debugDescription)"
    case .assetsUnavailable(let context): "The model's assets are unavailable: \(context.debugDescription)"
    case .unsupportedLanguageOrLocale(let context): "The language is not supported: \(context.debugDescription)"
    case .rateLimited(let context): "The model is busy; try again later: \(context.debugDescription)"
    case .invalidOptions(let reason): "The generation options are invalid: \(reason)."
    }
  }
}
