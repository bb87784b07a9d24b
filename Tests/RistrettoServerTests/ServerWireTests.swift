import Foundation
import Ristretto
import Testing

@testable import RistrettoServer

@Suite("Served model: the wire format")
struct ServerWireTests {
  @Test("server-sent events split anywhere, with CRLF and comments")
  func sseSplits() {
    let body = ": keep-alive\r\ndata: {\"a\":1}\r\n\r\ndata: [DONE]\n\n"
    for cut in 0...body.utf8.count {
      var parser = ServerSentEvents()
      let bytes = Array(body.utf8)
      let events = parser.feed(bytes[..<cut]) + parser.feed(bytes[cut...])
      #expect(events == [#"{"a":1}"#, "[DONE]"], "cut at \(cut)")
    }
  }

  @Test("a guided tool call schema lifts $defs to the root and names every tool")
  func toolSchema() throws {
    let tools = [
      ToolDefinition(name: "a", description: "", parameters: GenerationSchema(root: .object(name: "A", properties: []))),
      ToolDefinition(
        name: "b", description: "",
        parameters: GenerationSchema(
          root: .object(name: "B", properties: [.init(name: "r", node: .reference("Roast"))]),
          definitions: [.init(name: "Roast", node: .stringEnum(["dark"]))])),
    ]
    let schema = ChatCompletionBody.toolCallSchema(tools)
    let branches = try #require(try schema["anyOf"]?.elements())
    #expect(branches.count == 2)
    #expect(schema["$defs"]?["Roast"] != nil)
    #expect(branches[1]["properties"]?["arguments"]?["$defs"] == nil)
    _ = try GenerationSchema(jsonSchema: schema)
  }

  @Test("an error event inside a stream is a typed HTTP error")
  func errorChunk() {
    var reader = ChatCompletionReader(guide: .text)
    #expect(throws: ServerError.httpStatus(400, message: "bad grammar")) {
      try reader.read(#"{"error":{"code":400,"message":"bad grammar"}}"#)
    }
  }

  @Test("sampling options become OpenAI fields")
  func sampling() {
    let body = ChatCompletionBody(model: "m", toolCalling: .guided, promptRenderer: PromptRenderer())
    var request = request("Hi")
    request.options = GenerationOptions(sampling: .random(top: 40, seed: 7), temperature: 0.5, maximumResponseTokens: 64)
    let json = body.json(for: request, stream: true)
    #expect(json["model"]?.string == "m")
    #expect(json["max_tokens"]?.int == 64)
    #expect(json["top_k"]?.int == 40)
    #expect(json["seed"]?.int == 7)
    #expect(json["cache_prompt"] == GeneratedContent(kind: .bool(true)))
  }
}
