extension GuidanceGrammar {
  /// What a grammar is compiled from, as a value: two schemas with equal keys compile to the
  /// same tables.
  ///
  /// The key is the schema's structure written out canonically (types, bounds, patterns, enum
  /// cases, property names, order and optionality, definitions); descriptions and titles,
  /// which only the prompt sees, are left out. States of grammars with equal keys compare
  /// equal, so masks cached for one request serve the next even when it compiles its schema
  /// anew.
  ///
  /// ```swift
  /// let key = GuidanceGrammar.Key(schema: BeanQuery.generationSchema)
  /// key == GuidanceGrammar.Key(schema: BeanQuery.generationSchema) // true
  /// ```
  public struct Key: Sendable, Hashable, CustomStringConvertible {
    /// The canonical text.
    public let description: String
    /// A 64-bit FNV-1a digest of the text, so hashing a key reads one word.
    private let digest: UInt64

    /// The key of `schema`.
    public init(schema: GenerationSchema) {
      var text = ""
      Self.write(schema.root, into: &text)
      for definition in schema.definitions {
        text += "&" + GeneratedContent.quoted(definition.name) + "="
        Self.write(definition.node, into: &text)
      }
      description = text
      var digest: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in text.utf8 { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
      self.digest = digest
    }

    public static func == (lhs: Key, rhs: Key) -> Bool { lhs.digest == rhs.digest && lhs.description == rhs.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    private static func write(_ node: GenerationSchema.Node, into text: inout String) {
      func bound(_ value: (some CustomStringConvertible)?) -> String { value.map(\.description) ?? "" }
      switch node {
      case .any: text += "*"
      case .null: text += "n"
      case .boolean: text += "b"
      case .integer(let minimum, let maximum): text += "i(\(bound(minimum)),\(bound(maximum)))"
      case .number(let minimum, let maximum): text += "d(\(bound(minimum)),\(bound(maximum)))"
      case .string(let pattern): text += "s" + (pattern.map(GeneratedContent.quoted) ?? "")
      case .stringEnum(let values): text += "e[" + values.map(GeneratedContent.quoted).joined(separator: ",") + "]"
      case .array(let element, let minimum, let maximum):
        text += "a(\(bound(minimum)),\(bound(maximum)))"
        write(element, into: &text)
      case .object(_, _, let properties):
        text += "o{"
        for (index, property) in properties.enumerated() {
          text += (index > 0 ? "," : "") + GeneratedContent.quoted(property.name) + (property.isOptional ? "?:" : ":")
          write(property.node, into: &text)
        }
        text += "}"
      case .anyOf(let choices):
        text += "|["
        for (index, choice) in choices.enumerated() {
          if index > 0 { text += "," }
          write(choice, into: &text)
        }
        text += "]"
      case .reference(let name): text += "r" + GeneratedContent.quoted(name)
      }
    }
  }
}
