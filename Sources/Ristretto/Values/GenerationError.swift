import Foundation

/// Why a request failed. The session's transcript is left exactly as it was before it.
///
/// Foundation Models spells it `LanguageModelSession.GenerationError`, which is an alias of this.
public enum GenerationError: Error, Sendable, Equatable, LocalizedError {
  /// The request (instructions, tools, history and reserved answer tokens) does not fit. The
  /// context's ``Context/contextSize`` is what the model holds and ``Context/tokenCount`` what the
  /// request needs at least: the exact count, or, for a prompt refused from its length alone before
  /// it was tokenized, a lower bound that already exceeds the context.
  case exceededContextWindowSize(Context)
  /// The model cannot run.
  case modelUnavailable(ModelAvailability.UnavailableReason)
  /// The model's output could not be decoded into the requested type.
  case decodingFailure(Context)
  /// A schema uses a guide the backend cannot enforce.
  case unsupportedGuide(Context)
  /// Another request is already running on this session.
  case concurrentRequests(Context)
  /// The model refused to answer. Ristretto's local backends never refuse; a served backend
  /// reports its server's refusal this way.
  case refusal(Refusal, Context)
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

  /// What an error carries, as in Foundation Models, with the counts of a context overflow.
  public struct Context: Sendable, Equatable {
    /// A sentence for developers.
    public var debugDescription: String
    /// For ``GenerationError/exceededContextWindowSize(_:)``: the tokens the model's context holds.
    public var contextSize: Int?
    /// For ``GenerationError/exceededContextWindowSize(_:)``: the tokens the request needs at least.
    public var tokenCount: Int?

    /// Creates a context.
    public init(debugDescription: String) { self.debugDescription = debugDescription }

    /// Creates the context of a context overflow.
    public init(debugDescription: String, contextSize: Int, tokenCount: Int) {
      self.debugDescription = debugDescription
      self.contextSize = contextSize
      self.tokenCount = tokenCount
    }
  }

  /// A model's refusal to answer, with the transcript entries that led to it.
  ///
  /// Ristretto's local backends never refuse. A served backend whose server declines a request
  /// reports it; `explanation` (declared with the session) gives the reason.
  public struct Refusal: Sendable, Equatable {
    /// The entries of the refused exchange, oldest first.
    public let transcriptEntries: [Transcript.Entry]

    /// Creates a refusal from the entries of the refused exchange.
    public init(transcriptEntries: [Transcript.Entry]) { self.transcriptEntries = transcriptEntries }
  }

  /// A request that does not fit: `tokenCount` needed, `contextSize` held.
  public static func exceededContextWindowSize(contextSize: Int, tokenCount: Int) -> GenerationError {
    .exceededContextWindowSize(
      Context(
        debugDescription: "The request needs at least \(tokenCount) tokens; the context holds \(contextSize).",
        contextSize: contextSize, tokenCount: tokenCount))
  }

  /// Output that could not be decoded, for the reason given.
  public static func decodingFailure(_ reason: String) -> GenerationError {
    .decodingFailure(Context(debugDescription: reason))
  }

  /// A guide that cannot be enforced, for the reason given.
  public static func unsupportedGuide(_ reason: String) -> GenerationError {
    .unsupportedGuide(Context(debugDescription: reason))
  }

  /// A second request while one is running.
  public static var concurrentRequests: GenerationError {
    .concurrentRequests(Context(debugDescription: "The session is already responding to a request."))
  }

  /// A sentence that says what happened and what to do.
  public var errorDescription: String? {
    switch self {
    case .exceededContextWindowSize(let context):
      if let contextSize = context.contextSize, let tokenCount = context.tokenCount {
        "The request needs at least \(tokenCount) tokens but the model's context holds \(contextSize). "
          + "Shorten the prompt or the instructions, give the session fewer tools, or set a history policy that drops "
          + "old entries."
      } else {
        "The request does not fit the model's context: \(context.debugDescription)"
      }
    case .modelUnavailable(let reason): "The model is unavailable: \(reason.description)"
    case .decodingFailure(let context): "The model's output could not be decoded: \(context.debugDescription)"
    case .unsupportedGuide(let context): "The schema cannot be enforced: \(context.debugDescription)"
    case .concurrentRequests:
      "This session is already responding. Wait for the current request to finish, or use another session."
    case .refusal(_, let context): "The model refused to answer: \(context.debugDescription)"
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
