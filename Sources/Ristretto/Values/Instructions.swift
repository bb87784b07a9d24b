/// A type that can be written into a session's instructions.
public protocol InstructionsRepresentable: Sendable {
  /// This value as instructions.
  var instructionsRepresentation: Instructions { get }
}

/// What the model is told before any request: its role, rules and how to use its tools.
///
/// ```swift
/// let instructions = Instructions {
///   "You are a moka-pot assistant."
///   if offline { "You are offline: web search is unavailable." }
/// }
/// ```
public struct Instructions: Sendable, Equatable, InstructionsRepresentable, ExpressibleByStringLiteral {
  /// The paragraphs, joined by newlines.
  public var segments: [String]

  /// Instructions of one text.
  public init(_ text: String) { segments = [text] }

  /// Instructions from a string literal.
  public init(stringLiteral value: String) { segments = [value] }

  /// Instructions built with ``InstructionsBuilder``.
  public init(@InstructionsBuilder _ content: () throws -> Instructions) rethrows {
    self = try content()
  }

  init(segments: [String]) { self.segments = segments }

  /// The instructions as one string.
  public var text: String { segments.joined(separator: "\n") }

  /// The instructions themselves.
  public var instructionsRepresentation: Instructions { self }
}

extension String: InstructionsRepresentable {
  /// The string as instructions.
  public var instructionsRepresentation: Instructions { Instructions(self) }
}

/// Builds ``Instructions`` from strings with `if`/`else`, optionals and loops.
@resultBuilder
public enum InstructionsBuilder {
  /// Joins every part, in order.
  public static func buildBlock<each Part: InstructionsRepresentable>(_ parts: repeat each Part) -> Instructions {
    var segments: [String] = []
    for part in repeat each parts { segments += part.instructionsRepresentation.segments }
    return Instructions(segments: segments)
  }
  /// A part that is present only in some builds.
  public static func buildOptional(_ part: Instructions?) -> Instructions { part ?? Instructions(segments: []) }
  /// A part inside `if #available`.
  public static func buildLimitedAvailability(_ part: Instructions) -> Instructions { part }
  /// The first branch of an `if`.
  public static func buildEither(first part: Instructions) -> Instructions { part }
  /// The second branch of an `if`.
  public static func buildEither(second part: Instructions) -> Instructions { part }
  /// The parts made by a `for` loop.
  public static func buildArray(_ parts: [Instructions]) -> Instructions {
    Instructions(segments: parts.flatMap(\.segments))
  }
  /// Any representable value.
  public static func buildExpression<Part: InstructionsRepresentable>(_ part: Part) -> Instructions {
    part.instructionsRepresentation
  }
  /// An array of parts.
  public static func buildExpression(_ parts: [any InstructionsRepresentable]) -> Instructions {
    Instructions(segments: parts.flatMap(\.instructionsRepresentation.segments))
  }
  /// Instructions made elsewhere.
  public static func buildExpression(_ instructions: Instructions) -> Instructions { instructions }
}
