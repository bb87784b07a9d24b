import Foundation

extension LanguageModelSession {
  /// A JSON attachment describing feedback on this session: the sentiment, the issues, the
  /// output that was wanted, and the transcript.
  ///
  /// Foundation Models hands the attachment to Feedback Assistant; Ristretto only returns it, so
  /// the app can store it or send it to its own service.
  ///
  /// ```swift
  /// let data = session.logFeedbackAttachment(
  ///   sentiment: .negative, issues: [.init(category: .incorrect, explanation: "Wrong dose.")])
  /// ```
  @discardableResult
  public func logFeedbackAttachment(
    sentiment: LanguageModelFeedback.Sentiment?, issues: [LanguageModelFeedback.Issue] = [],
    desiredOutput: Transcript.Entry? = nil
  ) -> Data {
    FeedbackAttachment(sentiment: sentiment, issues: issues, desiredOutput: desiredOutput, transcript: transcript).json
  }

  /// A feedback attachment whose wanted output is a text response.
  @discardableResult
  public func logFeedbackAttachment(
    sentiment: LanguageModelFeedback.Sentiment?, issues: [LanguageModelFeedback.Issue] = [], desiredResponseText: String?
  ) -> Data {
    let desired = desiredResponseText.map { Transcript.Entry.response(.init(segments: [.text($0)])) }
    return logFeedbackAttachment(sentiment: sentiment, issues: issues, desiredOutput: desired)
  }

  /// A feedback attachment whose wanted output is a structured response.
  @discardableResult
  public func logFeedbackAttachment(
    sentiment: LanguageModelFeedback.Sentiment?, issues: [LanguageModelFeedback.Issue] = [],
    desiredResponseContent: (any ConvertibleToGeneratedContent)?
  ) -> Data {
    let desired = desiredResponseContent.map {
      Transcript.Entry.response(.init(segments: [.structure($0.generatedContent)]))
    }
    return logFeedbackAttachment(sentiment: sentiment, issues: issues, desiredOutput: desired)
  }
}

/// What a feedback attachment holds, in the order it is written.
private struct FeedbackAttachment: Encodable {
  let sentiment: LanguageModelFeedback.Sentiment?
  let issues: [LanguageModelFeedback.Issue]
  let desiredOutput: Transcript.Entry?
  let transcript: Transcript

  /// The attachment as JSON; a value that cannot be encoded leaves an empty object.
  var json: Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return (try? encoder.encode(self)) ?? Data("{}".utf8)
  }
}
