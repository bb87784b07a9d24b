/// Feedback on a response, as Foundation Models spells it: a sentiment and the issues seen.
///
/// ``LanguageModelSession/logFeedbackAttachment(sentiment:issues:desiredOutput:)`` turns it, with
/// the session's transcript, into a JSON attachment the app can save or send where it likes;
/// nothing is sent anywhere by Ristretto.
public enum LanguageModelFeedback {
  /// How the response was received.
  public enum Sentiment: String, Sendable, Equatable, Codable, CaseIterable {
    /// The response was good.
    case positive
    /// The response was bad.
    case negative
    /// Neither.
    case neutral
  }

  /// One problem with a response.
  public struct Issue: Sendable, Equatable, Codable {
    /// The kind of problem.
    public enum Category: String, Sendable, Equatable, Codable, CaseIterable {
      /// The response did not help.
      case unhelpful
      /// The response was longer than it needed to be.
      case tooVerbose
      /// The response ignored the instructions.
      case didNotFollowInstructions
      /// The response stated something false.
      case incorrect
      /// The response showed a stereotype or bias.
      case stereotypeOrBias
      /// The response was suggestive or sexual.
      case suggestiveOrSexual
      /// The response was vulgar or offensive.
      case vulgarOrOffensive
      /// A guardrail refused a request it should have allowed.
      case triggeredGuardrailUnexpectedly
    }

    /// The kind of problem.
    public var category: Category
    /// What went wrong, in the reporter's words.
    public var explanation: String?

    /// Creates an issue.
    public init(category: Category, explanation: String? = nil) {
      self.category = category
      self.explanation = explanation
    }
  }
}
