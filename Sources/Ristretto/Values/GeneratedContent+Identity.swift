extension GeneratedContent {
  /// Creates content from any value that converts to generated content, with an identity.
  public init(_ value: some ConvertibleToGeneratedContent, id: GenerationID) {
    self = value.generatedContent
    self.id = id
  }

  /// Creates a structure from ordered key-value pairs, with an identity; `nil` optionals become
  /// `null` and the first of two equal keys wins.
  public init(properties: KeyValuePairs<String, any ConvertibleToGeneratedContent>, id: GenerationID?) {
    self.init(pairs: properties.map { ($0.key, $0.value) })
    self.id = id
  }

  /// Creates a structure from a sequence of key-value pairs, resolving a repeated key with
  /// `combine`, which gets the value so far and the new one.
  ///
  /// ```swift
  /// let totals = try GeneratedContent(properties: [("grams", 16), ("grams", 2)]) { old, new in
  ///   try old.value(Int.self) + new.value(Int.self)
  /// }
  /// ```
  public init<S: Sequence>(
    properties: S, id: GenerationID? = nil,
    uniquingKeysWith combine: (GeneratedContent, GeneratedContent) throws -> some ConvertibleToGeneratedContent
  ) rethrows where S.Element == (String, any ConvertibleToGeneratedContent) {
    var values: [String: GeneratedContent] = [:]
    var keys: [String] = []
    for (key, value) in properties {
      let content = value.generatedContent
      if let existing = values[key] {
        values[key] = try combine(existing, content).generatedContent
      } else {
        keys.append(key)
        values[key] = content
      }
    }
    self.init(kind: .structure(properties: values, orderedKeys: keys), id: id)
  }

  /// Creates an array from any sequence of values, with an optional identity.
  public init<S: Sequence>(elements: S, id: GenerationID?) where S.Element == any ConvertibleToGeneratedContent {
    self.init(kind: .array(elements.map(\.generatedContent)), id: id)
  }

  /// The same value with the given identity.
  func identified(by id: GenerationID) -> GeneratedContent {
    var content = self
    content.id = id
    return content
  }
}
