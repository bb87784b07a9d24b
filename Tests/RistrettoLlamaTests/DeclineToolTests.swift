import Foundation
import Ristretto
import Testing

#if Llama
  @testable import RistrettoLlama

  /// The guided tool call of a follow-up may decline every tool, as one more choice.
  @Suite("Declining a tool")
  struct DeclineToolTests {
    let tools = [
      ToolDefinition(
        name: "weather", description: "Weather in a city.",
        parameters: GenerationSchema(root: .object(name: "A", properties: [.init(name: "city", node: .string())])))
    ]

    @Test func aDeclinableCallOffersNoneBesideTheTools() throws {
      let grammar = try GuidanceGrammar.cached(schema: GenerationJob.toolCallSchema(tools, declinable: true))
      #expect(grammar.initialState.advanced(by: #"{"tool":"none"}"#)?.isComplete == true)
      #expect(grammar.initialState.advanced(by: #"{"tool":"weather","arguments":{"city":"Oslo"}}"#)?.isComplete == true)
      let plain = try GuidanceGrammar.cached(schema: GenerationJob.toolCallSchema(tools))
      #expect(plain.initialState.advanced(by: #"{"tool":"none"}"#) == nil)
    }
  }
#endif
