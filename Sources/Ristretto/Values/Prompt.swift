/// A type that can be written into a prompt.
public protocol PromptRepresentable: Sendable {
  /// This value as prompt text.
  var promptRepresentation: Prompt { get }
}

/// The text of one user request, built from strings, generable values and control flow.
///
/// ```swift
/// let prompt = Prompt {
///   "Recommend a bean for a 3-cup moka pot."
///   if let roast { "I like \(roast) roasts." }
/// }
/// ```
public struct Prompt: Sendable, Equatable, PromptRepresentable, ExpressibleByStringLiteral {
  /// The prompt's parts, joined by newlines.
  public var segments: [String]

  /// A prompt of one text.
  public init(_ text: String) { segments = [text] }

  /// A prompt from a string literal.
  public init(stringLiteral value: String) { segments = [value] }

  /// A prompt built with ``PromptBuilder``.
  public init(@PromptBuilder _ content: () throws -> Prompt) rethrows {
    self = try content()
  }

  init(segments: [String]) { self.segments = segments }

  /// The whole prompt as one string.
  public var text: String { segments.joined(separator: "\n") }

  /// The prompt itself.
  public var promptRepresentation: Prompt { self }
}

extension String: PromptRepresentable {
  /// The string as a prompt.
  public var promptRepresentation: Prompt { Prompt(self) }
}

/// Builds a ``Prompt`` from strings and generable values, with `if`/`else`, optionals and loops.
@resultBuilder
public enum PromptBuilder {
  /// Joins every part, in order.
  public static func buildBlock<each Part: PromptRepresentable>(_ parts: repeat each Part) -> Prompt {
    var segments: [String] = []
    for part in repeat each parts { segments += part.promptRepresentation.segments }
    return Prompt(segments: segments)
  }
  /// A part that is present only in some builds.
  public static func buildOptional(_ part: Prompt?) -> Prompt { part ?? Prompt(segments: []) }
  /// A part inside `if #available`.
  public static func buildLimitedAvailability(_ part: Prompt) -> Prompt { part }
  /// The first branch of an `if`.
  public static func buildEither(first part: Prompt) -> Prompt { part }
  /// The second branch of an `if`.
  public static func buildEither(second part: Prompt) -> Prompt { part }
  /// The parts made by a `for` loop.
  public static func buildArray(_ parts: [Prompt]) -> Prompt { Prompt(segments: parts.flatMap(\.segments)) }
  /// Any representable value.
  public static func buildExpression<Part: PromptRepresentable>(_ part: Part) -> Prompt { part.promptRepresentation }
  /// An array of parts.
  public static func buildExpression(_ parts: [any PromptRepresentable]) -> Prompt {
    Prompt(segments: parts.flatMap(\.promptRepresentation.segments))
  }
  /// A prompt made elsewhere.
  public static func buildExpression(_ prompt: Prompt) -> Prompt { prompt }
}
