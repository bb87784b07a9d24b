import Foundation

/// A type that can be created from generated content.
public protocol ConvertibleFromGeneratedContent: Sendable {
  /// Creates a value from generated content.
  /// - Throws: ``GeneratedContentError`` when the content has the wrong shape.
  init(_ content: GeneratedContent) throws
}

/// A type that can be written as generated content.
public protocol ConvertibleToGeneratedContent: PromptRepresentable, InstructionsRepresentable {
  /// This value as generated content.
  var generatedContent: GeneratedContent { get }
}

// MARK: - Default implementations

extension ConvertibleToGeneratedContent {
  /// The JSON of the generated content, as it is written into a prompt.
  public var promptRepresentation: Prompt { Prompt(generatedContent.jsonString) }
  /// The JSON of the generated content, as it is written into instructions.
  public var instructionsRepresentation: Instructions { Instructions(generatedContent.jsonString) }
}
