import Foundation

/// A function the model can decide to call, with typed arguments it fills in under a schema.
///
/// A tool is four things: a name, a description (all the model knows when it decides whether the
/// tool is relevant), an `Arguments` type whose guides are enforced while the model writes them,
/// and ``call(arguments:)``. A ``Generable`` output goes into the transcript as JSON, a `String`
/// as text.
///
/// ```swift
/// struct BrewTimer: Tool {
///   let name = "brewTimer"
///   let description = "Start a brew timer."
///   struct Arguments: GenerableObject {
///     var seconds: Int
///     static let properties = GenerableProperties<Arguments> {
///       GenerableProperty("seconds", \.seconds, .range(30...600))
///     }
///     init(_ content: GeneratedContent) throws { seconds = try content.value(forProperty: "seconds") }
///   }
///   func call(arguments: Arguments) async throws -> String { "Timer set for \(arguments.seconds) s." }
/// }
/// ```
public protocol Tool<Arguments, Output>: Sendable {
  /// The arguments the model fills in.
  associatedtype Arguments: ConvertibleFromGeneratedContent
  /// What the tool returns to the model.
  associatedtype Output: PromptRepresentable

  /// A unique name the model calls the tool by.
  var name: String { get }
  /// What the tool does, in one sentence the model can act on.
  var description: String { get }
  /// The schema of ``Arguments``.
  var parameters: GenerationSchema { get }
  /// Whether the tool's schema is written into the instructions (default true).
  var includesSchemaInInstructions: Bool { get }

  /// Runs the tool.
  func call(arguments: Arguments) async throws -> Output
}

// MARK: - Default implementations

extension Tool {
  /// The type's name, as a default tool name.
  public var name: String { String(describing: Self.self) }
  /// True: the schema is part of the instructions.
  public var includesSchemaInInstructions: Bool { true }

  /// The definition written into the instructions (also `ToolDefinition(tool:)`).
  public var definition: ToolDefinition {
    ToolDefinition(
      name: name, description: description, parameters: parameters,
      includesSchemaInInstructions: includesSchemaInInstructions)
  }
}

extension Tool where Arguments: Generable {
  /// The schema of the generable `Arguments`.
  public var parameters: GenerationSchema { Arguments.generationSchema }
}

/// A tool threw while it ran. The transcript is left as it was before the request.
public struct ToolCallError: Error, Sendable, CustomStringConvertible {
  /// The tool that failed.
  public let tool: any Tool
  /// What it threw.
  public let underlyingError: any Error

  /// Creates the error.
  public init(tool: any Tool, underlyingError: any Error) {
    self.tool = tool
    self.underlyingError = underlyingError
  }

  /// A sentence naming the tool and its error.
  public var description: String {
    "Tool '\(tool.name)' failed: \(underlyingError.localizedDescription)"
  }
}

extension ToolCallError: LocalizedError {
  /// A sentence naming the tool and its error.
  public var errorDescription: String? { description }
}

extension ToolDefinition {
  /// The definition of `tool`, as written into the instructions.
  public init(tool: some Tool) {
    self = tool.definition
  }
}

extension Transcript {
  /// Foundation Models' name for ``ToolDefinition``, the definition an instructions entry lists.
  public typealias ToolDefinition = Ristretto.ToolDefinition
}
