import Ristretto

/// Offers the user a few options to pick from; the UI shows them (the CLI numbers them and
/// accepts a number as the next message).
public struct OfferChoicesTool: Tool {
  public let name = "offerChoices"
  public let description = "Offer the user 2-4 options to pick from."

  public struct Arguments: GenerableObject {
    public var question: String
    public var options: [String]
    public static let properties = GenerableProperties<Arguments> {
      GenerableProperty("question", \.question)
      GenerableProperty("options", \.options, .count(2...4))
    }
    public init(_ content: GeneratedContent) throws {
      question = try content.value(forProperty: "question")
      options = try content.value(forProperty: "options")
    }
  }

  public struct Output: GenerableObject {
    public enum Status: String, CaseIterable, Generable { case shown }
    public var status: Status
    public var question: String
    public var options: [String]
    public static let properties = GenerableProperties<Output> {
      GenerableProperty("status", \.status)
      GenerableProperty("question", \.question)
      GenerableProperty("options", \.options)
    }
    init(question: String, options: [String]) { (status, self.question, self.options) = (.shown, question, options) }
    public init(_ content: GeneratedContent) throws {
      status = try content.value(forProperty: "status")
      question = try content.value(forProperty: "question")
      options = try content.value(forProperty: "options")
    }
  }

  public func call(arguments: Arguments) async throws -> Output {
    Output(question: arguments.question, options: arguments.options)
  }
}
