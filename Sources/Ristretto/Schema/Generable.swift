import Foundation

/// A type a model can generate: it converts from and to ``GeneratedContent`` and describes
/// itself with a ``GenerationSchema`` whose guides are enforced while the model generates.
///
/// Write a conformance by hand, without macros: enums with `String` raw values get everything
/// for free, and structs list their properties with ``GenerableObject``.
///
/// ```swift
/// enum Roast: String, CaseIterable, Generable { case light, medium, dark }
/// ```
public protocol Generable: ConvertibleFromGeneratedContent, ConvertibleToGeneratedContent {
  /// What a streamed snapshot holds before the value is complete: the type itself for scalars
  /// and enums, every property optional for a ``GenerableObject`` (``PartiallyGeneratedObject``),
  /// as in Foundation Models.
  associatedtype PartiallyGenerated: ConvertibleFromGeneratedContent = Self
  /// The schema the model's output is generated under.
  static var generationSchema: GenerationSchema { get }
  /// This complete value as a streamed snapshot shows it, for code that handles snapshots and
  /// finished values alike.
  func asPartiallyGenerated() -> PartiallyGenerated
}

extension Generable {
  /// The value itself when it is its own partial form; otherwise its partial form read from
  /// its content, which holds every property.
  public func asPartiallyGenerated() -> PartiallyGenerated {
    if let same = self as? PartiallyGenerated { return same }
    do {
      return try PartiallyGenerated(generatedContent)
    } catch {
      preconditionFailure("\(Self.self).PartiallyGenerated cannot read a complete value: \(error)")
    }
  }
}

// MARK: - Default implementations

extension Generable where Self: RawRepresentable, Self.RawValue == String, Self: CaseIterable {
  /// A string schema whose only values are the cases' raw values.
  public static var generationSchema: GenerationSchema {
    GenerationSchema(root: .stringEnum(allCases.map(\.rawValue)), title: String(describing: Self.self))
  }

  /// Decodes one of the cases; any other string is an error naming the valid cases.
  public init(_ content: GeneratedContent) throws {
    guard case .string(let text) = content.kind else {
      throw GeneratedContentError.typeMismatch(path: "", expected: "string", found: content.kindName)
    }
    guard let value = Self(rawValue: text) else {
      let cases = Self.allCases.map(\.rawValue).joined(separator: ", ")
      throw GeneratedContentError.invalidValue(path: "", reason: "'\(text)' is not one of \(cases).")
    }
    self = value
  }

  /// The case's raw value as a string.
  public var generatedContent: GeneratedContent { GeneratedContent(kind: .string(rawValue)) }
}

extension Generable where Self: CaseIterable {
  /// A string schema whose only values are the cases' names, for an enum without raw values
  /// (`enum Genre { case fantasy, scienceFiction }` made `CaseIterable, Generable`).
  public static var generationSchema: GenerationSchema {
    GenerationSchema(root: .stringEnum(allCases.map { String(describing: $0) }), title: String(describing: Self.self))
  }

  /// Decodes the case named by the content; any other string is an error naming the valid cases.
  public init(_ content: GeneratedContent) throws {
    guard case .string(let text) = content.kind else {
      throw GeneratedContentError.typeMismatch(path: "", expected: "string", found: content.kindName)
    }
    guard let value = Self.allCases.first(where: { String(describing: $0) == text }) else {
      let cases = Self.allCases.map { String(describing: $0) }.joined(separator: ", ")
      throw GeneratedContentError.invalidValue(path: "", reason: "'\(text)' is not one of \(cases).")
    }
    self = value
  }

  /// The case's name as a string.
  public var generatedContent: GeneratedContent { GeneratedContent(kind: .string(String(describing: self))) }
}
