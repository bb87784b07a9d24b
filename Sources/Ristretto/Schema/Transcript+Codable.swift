import Foundation

/// The JSON envelope: `{"type":"Ristretto.Transcript","version":1,"transcript":{"entries":[…]}}`,
/// entries with a `role` (`instructions`, `user`, `toolCalls`, `tool`, `response`) and `contents`.
extension Transcript: Codable {
  private enum EnvelopeKeys: String, CodingKey { case type, version, transcript }
  private enum BodyKeys: String, CodingKey { case entries }

  /// Decodes a transcript envelope.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: EnvelopeKeys.self)
    let version = try container.decode(Int.self, forKey: .version)
    guard version == 1 else {
      throw DecodingError.dataCorruptedError(
        forKey: .version, in: container, debugDescription: "Unsupported transcript version \(version).")
    }
    let body = try container.nestedContainer(keyedBy: BodyKeys.self, forKey: .transcript)
    entries = try body.decode([Entry].self, forKey: .entries)
  }

  /// Encodes a transcript envelope.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: EnvelopeKeys.self)
    try container.encode("Ristretto.Transcript", forKey: .type)
    try container.encode(1, forKey: .version)
    var body = container.nestedContainer(keyedBy: BodyKeys.self, forKey: .transcript)
    try body.encode(entries, forKey: .entries)
  }
}

extension Transcript.Entry: Codable {
  private enum Keys: String, CodingKey {
    case id, role, contents, tools, options, responseFormat, toolCalls, toolName, assetIDs
  }

  /// Decodes one entry by its role.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    let id = try container.decode(String.self, forKey: .id)
    let role = try container.decode(String.self, forKey: .role)
    func contents() throws -> [Transcript.Segment] { try container.decode([Transcript.Segment].self, forKey: .contents) }
    switch role {
    case "instructions":
      let tools = try container.decodeIfPresent([ToolDefinition].self, forKey: .tools) ?? []
      self = .instructions(.init(id: id, segments: try contents(), toolDefinitions: tools))
    case "user":
      let options = try container.decodeIfPresent(GenerationOptions.self, forKey: .options) ?? GenerationOptions()
      let format = try container.decodeIfPresent(GeneratedContent.self, forKey: .responseFormat)
      self = .prompt(
        .init(
          id: id, segments: try contents(), options: options,
          responseFormat: try format.map { try GenerationSchema(jsonSchema: $0) }))
    case "toolCalls":
      self = .toolCalls(.init(id: id, calls: try container.decode([Transcript.ToolCall].self, forKey: .toolCalls)))
    case "tool":
      self = .toolOutput(.init(id: id, toolName: try container.decode(String.self, forKey: .toolName), segments: try contents()))
    case "response":
      let assets = try container.decodeIfPresent([String].self, forKey: .assetIDs) ?? []
      self = .response(.init(id: id, assetIDs: assets, segments: try contents()))
    default:
      throw DecodingError.dataCorruptedError(forKey: .role, in: container, debugDescription: "Unknown transcript role '\(role)'.")
    }
  }

  /// Encodes one entry with its role.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(id, forKey: .id)
    switch self {
    case .instructions(let value):
      try container.encode("instructions", forKey: .role)
      try container.encode(value.segments, forKey: .contents)
      try container.encode(value.toolDefinitions, forKey: .tools)
    case .prompt(let value):
      try container.encode("user", forKey: .role)
      try container.encode(value.segments, forKey: .contents)
      try container.encode(value.options, forKey: .options)
      try container.encodeIfPresent(value.responseFormat?.jsonSchema, forKey: .responseFormat)
    case .toolCalls(let value):
      try container.encode("toolCalls", forKey: .role)
      try container.encode(value.calls, forKey: .toolCalls)
    case .toolOutput(let value):
      try container.encode("tool", forKey: .role)
      try container.encode(value.toolName, forKey: .toolName)
      try container.encode(value.segments, forKey: .contents)
    case .response(let value):
      try container.encode("response", forKey: .role)
      if !value.assetIDs.isEmpty { try container.encode(value.assetIDs, forKey: .assetIDs) }
      try container.encode(value.segments, forKey: .contents)
    }
  }
}

extension Transcript.Segment: Codable {
  private enum Keys: String, CodingKey { case type, id, text, structure, source }

  /// Decodes `{"type":"text","text":…}` or `{"type":"structure","structure":…}`, each with an
  /// optional `id` (and a structure's optional `source`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    let id = try container.decodeIfPresent(String.self, forKey: .id) ?? ""
    switch try container.decode(String.self, forKey: .type) {
    case "text": self = .text(Transcript.TextSegment(id: id, content: try container.decode(String.self, forKey: .text)))
    case "structure":
      self = .structure(
        Transcript.StructuredSegment(
          id: id, source: try container.decodeIfPresent(String.self, forKey: .source) ?? "",
          content: try container.decode(GeneratedContent.self, forKey: .structure)))
    case let other:
      throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "Unknown segment type '\(other)'.")
    }
  }

  /// Encodes the segment with its type; an empty identifier or source is left out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    switch self {
    case .text(let segment):
      try container.encode("text", forKey: .type)
      if !segment.id.isEmpty { try container.encode(segment.id, forKey: .id) }
      try container.encode(segment.content, forKey: .text)
    case .structure(let segment):
      try container.encode("structure", forKey: .type)
      if !segment.id.isEmpty { try container.encode(segment.id, forKey: .id) }
      if !segment.source.isEmpty { try container.encode(segment.source, forKey: .source) }
      try container.encode(segment.content, forKey: .structure)
    }
  }
}

extension Transcript.ToolCall: Codable {
  private enum Keys: String, CodingKey { case id, toolName, arguments }

  /// Decodes a call.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    self.init(
      id: try container.decode(String.self, forKey: .id), toolName: try container.decode(String.self, forKey: .toolName),
      arguments: try container.decode(GeneratedContent.self, forKey: .arguments))
  }

  /// Encodes a call.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(id, forKey: .id)
    try container.encode(toolName, forKey: .toolName)
    try container.encode(arguments, forKey: .arguments)
  }
}
