import Foundation

extension String: Generable {
  /// A free string.
  public static var generationSchema: GenerationSchema { GenerationSchema(root: .string()) }

  /// Decodes a string.
  public init(_ content: GeneratedContent) throws {
    guard case .string(let value) = content.kind else {
      throw GeneratedContentError.typeMismatch(path: "", expected: "string", found: content.kindName)
    }
    self = value
  }

  /// The string.
  public var generatedContent: GeneratedContent { GeneratedContent(kind: .string(self)) }
}

extension Bool: Generable {
  /// `true` or `false`.
  public static var generationSchema: GenerationSchema { GenerationSchema(root: .boolean) }

  /// Decodes a Boolean.
  public init(_ content: GeneratedContent) throws {
    guard case .bool(let value) = content.kind else {
      throw GeneratedContentError.typeMismatch(path: "", expected: "boolean", found: content.kindName)
    }
    self = value
  }

  /// The Boolean.
  public var generatedContent: GeneratedContent { GeneratedContent(kind: .bool(self)) }
}

extension Int: Generable {
  /// An integer without bounds.
  public static var generationSchema: GenerationSchema { GenerationSchema(root: .integer()) }

  /// Decodes an integral number; a fraction is an error.
  public init(_ content: GeneratedContent) throws {
    guard case .number(let value) = content.kind else {
      throw GeneratedContentError.typeMismatch(path: "", expected: "integer", found: content.kindName)
    }
    guard value == value.rounded(), let exact = Int(exactly: value) else {
      throw GeneratedContentError.invalidValue(path: "", reason: "\(value) is not an integer.")
    }
    self = exact
  }

  /// The integer as a number.
  public var generatedContent: GeneratedContent { GeneratedContent(kind: .number(Double(self))) }
}

extension Double: Generable {
  /// A number without bounds.
  public static var generationSchema: GenerationSchema { GenerationSchema(root: .number()) }

  /// Decodes a number.
  public init(_ content: GeneratedContent) throws {
    guard case .number(let value) = content.kind else {
      throw GeneratedContentError.typeMismatch(path: "", expected: "number", found: content.kindName)
    }
    self = value
  }

  /// The number.
  public var generatedContent: GeneratedContent { GeneratedContent(kind: .number(self)) }
}

extension Float: Generable {
  /// A number without bounds.
  public static var generationSchema: GenerationSchema { GenerationSchema(root: .number()) }

  /// Decodes a number.
  public init(_ content: GeneratedContent) throws {
    self = Float(try Double(content))
  }

  /// The number.
  public var generatedContent: GeneratedContent { GeneratedContent(kind: .number(Double(self))) }
}

extension Decimal: Generable {
  /// A number without bounds.
  public static var generationSchema: GenerationSchema { GenerationSchema(root: .number()) }

  /// Decodes a number, through its shortest decimal text so `0.1` stays `0.1`.
  public init(_ content: GeneratedContent) throws {
    let value = try Double(content)
    guard value.isFinite, let decimal = Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX")) else {
      throw GeneratedContentError.invalidValue(path: "", reason: "\(value) is not a finite decimal number.")
    }
    self = decimal
  }

  /// The number, as the nearest `Double`.
  public var generatedContent: GeneratedContent { GeneratedContent(kind: .number(double)) }

  /// The nearest `Double`, which is what a number schema and its bounds hold.
  var double: Double { Double(truncating: self as NSNumber) }
}

extension GenerationID: Generable {
  /// A string; a ``GenerableObject`` leaves identity properties out of its schema.
  public static var generationSchema: GenerationSchema { GenerationSchema(root: .string()) }

  /// The identity a string carries.
  public init(_ content: GeneratedContent) throws {
    self.init(text: try String(content))
  }

  /// The identity as a string.
  public var generatedContent: GeneratedContent { GeneratedContent(kind: .string(description)) }
}

extension Array: ConvertibleFromGeneratedContent where Element: ConvertibleFromGeneratedContent {
  /// Decodes every element; an error names the failing index.
  public init(_ content: GeneratedContent) throws {
    guard case .array(let elements) = content.kind else {
      throw GeneratedContentError.typeMismatch(path: "", expected: "array", found: content.kindName)
    }
    self = try elements.enumerated().map { offset, element in
      do {
        return try Element(element)
      } catch let error as GeneratedContentError {
        throw error.prefixed(with: "[\(offset)]")
      }
    }
  }
}

extension Array: PromptRepresentable where Element: ConvertibleToGeneratedContent {}
extension Array: InstructionsRepresentable where Element: ConvertibleToGeneratedContent {}

extension Array: ConvertibleToGeneratedContent where Element: ConvertibleToGeneratedContent {
  /// The elements as an array.
  public var generatedContent: GeneratedContent { GeneratedContent(kind: .array(map(\.generatedContent))) }
}

extension Array: Generable where Element: Generable {
  /// The elements so far, each partially generated.
  public typealias PartiallyGenerated = [Element.PartiallyGenerated]
  /// An array of the element's schema, any length.
  public static var generationSchema: GenerationSchema {
    let element = Element.generationSchema
    return GenerationSchema(root: .array(element.root), definitions: element.definitions)
  }
}

extension Optional: ConvertibleFromGeneratedContent where Wrapped: ConvertibleFromGeneratedContent {
  /// `null` decodes as `nil`; anything else as the wrapped type.
  public init(_ content: GeneratedContent) throws {
    if case .null = content.kind {
      self = nil
    } else {
      self = try Wrapped(content)
    }
  }
}

extension Optional: PromptRepresentable where Wrapped: ConvertibleToGeneratedContent {}
extension Optional: InstructionsRepresentable where Wrapped: ConvertibleToGeneratedContent {}

extension Optional: ConvertibleToGeneratedContent where Wrapped: ConvertibleToGeneratedContent {
  /// `nil` is `null`.
  public var generatedContent: GeneratedContent { self?.generatedContent ?? .null }
}

extension Optional: Generable where Wrapped: Generable {
  /// The wrapped value, partially generated.
  public typealias PartiallyGenerated = Wrapped.PartiallyGenerated?
  /// The wrapped schema or `null`.
  public static var generationSchema: GenerationSchema {
    let wrapped = Wrapped.generationSchema
    return GenerationSchema(root: .anyOf([wrapped.root, .null]), definitions: wrapped.definitions)
  }
}

extension GeneratedContent: Generable {
  /// Any JSON value.
  public static var generationSchema: GenerationSchema { GenerationSchema(root: .any) }

  /// The content itself.
  public init(_ content: GeneratedContent) throws { self = content }

  /// The content itself.
  public var generatedContent: GeneratedContent { self }
}
