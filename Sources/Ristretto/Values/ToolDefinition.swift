/// What the model is told about a tool: its name, description and argument schema.
public struct ToolDefinition: Sendable, Equatable {
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
}
