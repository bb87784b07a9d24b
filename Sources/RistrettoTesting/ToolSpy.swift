import Ristretto

/// Wraps a tool and records every call to it, for tests.
///
/// ```swift
/// let spy = ToolSpy(BeanSearch())
/// let session = LanguageModelSession(model: model, tools: [spy])
/// _ = try await session.respond(to: "A dark roast?")
/// #expect(await spy.calls.count == 1)
/// ```
public actor ToolSpy<Wrapped: Tool>: Tool {
  /// The wrapped tool's arguments.
  public typealias Arguments = Wrapped.Arguments
  /// The wrapped tool's output.
  public typealias Output = Wrapped.Output

  /// The tool being watched.
  public nonisolated let wrapped: Wrapped
  /// The arguments of every call, oldest first.
  public private(set) var calls: [Wrapped.Arguments] = []
  /// The outputs of every successful call, oldest first.
  public private(set) var outputs: [Wrapped.Output] = []

  /// Wraps `tool`.
  public init(_ tool: Wrapped) { wrapped = tool }

  /// The wrapped tool's name.
  public nonisolated var name: String { wrapped.name }
  /// The wrapped tool's description.
  public nonisolated var description: String { wrapped.description }
  /// The wrapped tool's parameters.
  public nonisolated var parameters: GenerationSchema { wrapped.parameters }
  /// Whether the wrapped tool's schema goes into the instructions.
  public nonisolated var includesSchemaInInstructions: Bool { wrapped.includesSchemaInInstructions }

  /// Records the call and forwards it.
  public func call(arguments: Wrapped.Arguments) async throws -> Wrapped.Output {
    calls.append(arguments)
    let output = try await wrapped.call(arguments: arguments)
    outputs.append(output)
    return output
  }
}
