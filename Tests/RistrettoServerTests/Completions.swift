import Ristretto

/// OpenAI chat completion bodies and chunks, as llama-server and vLLM write them, for the fake server.
enum Completions {
  /// A whole (non-streamed) completion with `content`.
  static func message(_ content: String, promptTokens: Int = 20, completionTokens: Int = 5) -> String {
    #"{"id":"c1","object":"chat.completion","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":\#(quoted(content))}}],"#
      + #""usage":{"prompt_tokens":\#(promptTokens),"completion_tokens":\#(completionTokens),"total_tokens":\#(promptTokens + completionTokens)}}"#
  }

  /// A streamed chunk with a piece of content.
  static func delta(_ content: String) -> String {
    #"{"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"finish_reason":null,"delta":{"content":\#(quoted(content))}}]}"#
  }

  /// The last streamed chunk: the finish reason, then usage (with llama-server's cache count).
  static func finish(_ reason: String = "stop", promptTokens: Int = 20, completionTokens: Int = 5, cached: Int = 0) -> [String] {
    [
      #"{"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"finish_reason":"\#(reason)","delta":{}}]}"#,
      #"{"id":"c1","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":\#(promptTokens),"completion_tokens":\#(completionTokens)},"timings":{"cache_n":\#(cached)}}"#,
    ]
  }

  /// A streamed answer: `pieces` as deltas, then the finish.
  static func stream(_ pieces: [String], cached: Int = 0) -> [String] {
    pieces.map(delta) + finish(cached: cached)
  }

  /// Streamed native tool-call deltas: the name first, the arguments in two pieces.
  static func nativeToolCall(id: String, name: String, arguments: String) -> [String] {
    let half = arguments.index(arguments.startIndex, offsetBy: arguments.count / 2)
    func call(_ function: String, id: String? = nil) -> String {
      let idField = id.map { #""id":"\#($0)","type":"function","# } ?? ""
      return
        #"{"choices":[{"index":0,"finish_reason":null,"delta":{"tool_calls":[{"index":0,\#(idField)"function":{\#(function)}}]}}]}"#
    }
    return [
      call(#""name":"\#(name)","arguments":"""#, id: id),
      call(#""arguments":\#(quoted(String(arguments[..<half])))"#),
      call(#""arguments":\#(quoted(String(arguments[half...])))"#),
    ] + finish("tool_calls")
  }

  /// An OpenAI error body.
  static func error(_ message: String, code: Int) -> String {
    #"{"error":{"code":\#(code),"message":\#(quoted(message)),"type":"server_error"}}"#
  }

  /// `text` as a JSON string literal.
  static func quoted(_ text: String) -> String { GeneratedContent.quoted(text) }
}
