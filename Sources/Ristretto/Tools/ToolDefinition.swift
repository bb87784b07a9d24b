/// What the model is told about a tool: its name, description and argument schema.
public struct ToolDefinition: Sendable, Equatable, Codable {
  /// The name the model calls the tool by.
  public var name: String
  /// What the tool does.
  public var description: String
  /// The schema of the tool's arguments.
  public var parameters: GenerationSchema
  /// Whether the schema is written into the instructions.
  public var includesSchemaInInstructions: Bool

  /// Creates a definition.
  public init(name: String, description: String, parameters: GenerationSchema, includesSchemaInInstructions: Bool = true) {
    self.name = name
    self.description = description
    self.parameters = parameters
    self.includesSchemaInInstructions = includesSchemaInInstructions
  }

  private enum CodingKeys: String, CodingKey { case name, description, parameters, includesSchemaInInstructions }

  /// Decodes a definition whose parameters are JSON Schema.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    description = try container.decode(String.self, forKey: .description)
    let schema = try container.decode(GeneratedContent.self, forKey: .parameters)
    parameters = try GenerationSchema(jsonSchema: schema)
    includesSchemaInInstructions = try container.decodeIfPresent(Bool.self, forKey: .includesSchemaInInstructions) ?? true
  }

  /// Encodes the parameters as JSON Schema.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(description, forKey: .description)
    try container.encode(parameters.jsonSchema, forKey: .parameters)
    try container.encode(includesSchemaInInstructions, forKey: .includesSchemaInInstructions)
  }
}
