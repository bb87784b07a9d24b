/// A tool definition as JSON, its parameters written as JSON Schema.
extension ToolDefinition: Codable {
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
