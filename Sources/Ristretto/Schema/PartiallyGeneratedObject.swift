/// A ``GenerableObject`` while it is being generated: each property is read by key path and is
/// `nil` until the model has written enough of it to decode.
///
/// It is the default `PartiallyGenerated` type of every `GenerableObject`, so Foundation Models'
/// streaming code reads the same:
///
/// ```swift
/// for try await snapshot in session.streamResponse(generating: BrewPlan.self) { "Plan a brew" } {
///   print(snapshot.content.grams ?? 0)   // Int?, nil until the number is written
/// }
/// ```
@dynamicMemberLookup
public struct PartiallyGeneratedObject<Root: GenerableObject>: ConvertibleFromGeneratedContent, Sendable {
  /// The content so far.
  public let rawContent: GeneratedContent

  /// Wraps partial content of `Root`.
  /// - Throws: ``GeneratedContentError/typeMismatch(path:expected:found:)`` when the content is not an object.
  public init(_ content: GeneratedContent) throws {
    guard case .structure = content.kind else {
      throw GeneratedContentError.typeMismatch(path: "", expected: "object", found: content.kindName)
    }
    rawContent = content
  }

  /// The property at `keyPath`, partially generated, or `nil` when not yet written.
  public subscript<Value: Generable>(dynamicMember keyPath: KeyPath<Root, Value>) -> Value.PartiallyGenerated? {
    guard let value = content(at: keyPath) else { return nil }
    return try? Value.PartiallyGenerated(value)
  }

  /// An optional property, partially generated, or `nil` when not yet written (or absent).
  public subscript<Wrapped: Generable>(dynamicMember keyPath: KeyPath<Root, Wrapped?>) -> Wrapped.PartiallyGenerated? {
    guard let value = content(at: keyPath), value != .null else { return nil }
    return try? Wrapped.PartiallyGenerated(value)
  }

  private func content(at keyPath: AnyKeyPath) -> GeneratedContent? {
    guard let name = Root.properties.name(of: keyPath), case .structure(let properties, _) = rawContent.kind else {
      return nil
    }
    return properties[name]
  }
}
