/// What a session does when instructions, tools, history and the reserved answer no longer fit
/// the model's context.
public enum HistoryPolicy: Sendable, Equatable {
  /// Throw ``GenerationError/exceededContextWindowSize(_:)``.
  case strict
  /// Show the model only the last `entries` history entries (the instructions are always kept);
  /// drop older ones until the request fits, and throw if even that does not fit.
  case rollingWindow(entries: Int)
  /// Drop completed tool-call rounds (the calls and their outputs) oldest first, then the oldest
  /// prompt/response pairs, until the request fits.
  case dropToolRoundsFirst

  /// Tokens kept free for the answer when the request sets no `maximumResponseTokens`.
  public static let defaultResponseReserve = 256
}
