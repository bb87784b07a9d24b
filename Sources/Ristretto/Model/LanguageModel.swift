/// A backend that generates text, tool calls and structured content: the seam between a
/// ``LanguageModelSession`` and whatever model runs underneath.
///
/// The session never knows which backend it talks to. A backend reports whether it can run,
/// its context size and an exact ``Tokenizer``, renders requests into the text it really feeds
/// the model (``render(_:)``, the one rendering that token counts also use), and streams
/// ``GenerationEvent``s back. Three backends
/// ship: `RuleBasedModel` (deterministic), `LlamaLanguageModel` (GGUF through llama.cpp) and
/// `FakeModel` (scripted, for tests).
///
/// ```swift
/// struct EchoModel: LanguageModel {
///   var tokenizer: any Tokenizer { ApproximateTokenizer() }
///   func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
///     AsyncThrowingStream { continuation in
///       continuation.yield(.text(request.transcript.lastPromptText ?? ""))
///       continuation.finish()
///     }
///   }
/// }
/// ```
public protocol LanguageModel: Sendable {
  /// Whether the model can run now, and if not, why.
  var availability: ModelAvailability { get }
  /// The number of tokens the model's context holds.
  var contextSize: Int { get }
  /// The tokenizer whose counts are exact for this model.
  var tokenizer: any Tokenizer { get }
  /// How a request becomes messages and text (chat template and tool rendering).
  var promptRenderer: PromptRenderer { get }
  /// The exact prompt the model reads for `request`, markup apart from content (by default
  /// ``promptRenderer``'s rendering). Token counts count this, and a token backend prefills
  /// `tokenizer.encode(render(request))`, so counts are what the model reads.
  func render(_ request: GenerationRequest) -> RenderedPrompt
  /// Generates a reply to `request`, streaming events; the stream ends after the last event.
  ///
  /// Cancelling the consuming task must stop generation promptly.
  func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error>
  /// Texts that must never reach an answer (template markers); the session cuts answers there.
  var markupTexts: [String] { get }
  /// Loads weights and caches the fixed prefix of `request` ahead of time.
  func prewarm(_ request: GenerationRequest) async
}

// MARK: - Default implementations

extension LanguageModel {
  /// Available.
  public var availability: ModelAvailability { .available }
  /// 4,096 tokens, the budget of the small on-device models Ristretto targets.
  public var contextSize: Int { defaultContextSize }
  /// ChatML with the compact tool renderer.
  public var promptRenderer: PromptRenderer { PromptRenderer() }
  /// Does nothing.
  public func prewarm(_ request: GenerationRequest) async {}
  /// The renderer's prompt.
  public func render(_ request: GenerationRequest) -> RenderedPrompt { promptRenderer.render(request) }

  /// This model's template markers and stop sequences and the markers of every known template
  /// family (a model may drift into another family's markup).
  public var markupTexts: [String] {
    Array(Set(promptRenderer.template.stopSequences + ChatTemplate.knownMarkers)).sorted()
  }
}
