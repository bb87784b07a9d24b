import Foundation

extension Transcript {
  /// The format a response had to follow, as Foundation Models' transcript names it: a schema
  /// and the name of the type it describes.
  public struct ResponseFormat: Sendable, Equatable, CustomStringConvertible {
    /// The schema the response was generated under.
    public let schema: GenerationSchema

    /// The format of a run-time schema.
    public init(schema: GenerationSchema) {
      self.schema = schema
    }

    /// The format of a generable type.
    public init<Content: Generable>(type: Content.Type) {
      var schema = Content.generationSchema
      if schema.title == nil { schema.title = String(describing: type) }
      self.init(schema: schema)
    }

    /// The name of the type the schema describes, or empty when it has none.
    public var name: String { schema.title ?? "" }

    /// The format's name.
    public var description: String { name }
  }
}

extension Transcript.Prompt {
  /// Creates a prompt entry whose response had to follow `responseFormat`.
  ///
  /// The entry keeps the format's schema in ``responseFormat``.
  public init(
    id: String = UUID().uuidString, segments: [Transcript.Segment], options: GenerationOptions = GenerationOptions(),
    responseFormat: Transcript.ResponseFormat?
  ) {
    self.init(id: id, segments: segments, options: options, responseFormat: responseFormat?.schema)
  }

  /// The format the response had to follow, if any, as a ``Transcript/ResponseFormat``.
  public var format: Transcript.ResponseFormat? { responseFormat.map { Transcript.ResponseFormat(schema: $0) } }
}
