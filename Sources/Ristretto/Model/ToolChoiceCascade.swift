/// A model whose uncertain tool choices are made by another model: the primary (a small token
/// model) chooses, and when the confidence it reports for its choice of tool is under a threshold,
/// the fallback (typically the app's rule-based model) makes the call instead.
///
/// Text is streamed from the primary as it comes; only a tool call is held until its confidence is
/// known. Everything else (tokenizer, context, rendering, availability) is the primary's.
///
/// A threshold above 1 is one no confidence reaches: every request that offers tools then goes to
/// the fallback without the primary being asked (no time is spent on a choice that would be
/// overruled), and the primary still answers every request without tools or with a response
/// schema, such as the selection of a grounded answer. Measure before choosing: a small model's
/// confidence need not track whether its choice is right.
///
/// ```swift
/// let model = ToolChoiceCascade(primary: llama, fallback: rules, threshold: 0.8)
/// let session = LanguageModelSession(model: model, tools: tools, instructions: "…")
/// ```
public struct ToolChoiceCascade: LanguageModel {
  /// The model that speaks and chooses first.
  public let primary: any LanguageModel
  /// The model that chooses when the primary is unsure.
  public let fallback: any LanguageModel
  /// The least confidence (0…1) at which the primary's tool choice stands; above 1, the fallback
  /// answers every request that offers tools.
  public let threshold: Double

  /// Creates a cascade.
  public init(primary: any LanguageModel, fallback: any LanguageModel, threshold: Double = 0.8) {
    self.primary = primary
    self.fallback = fallback
    self.threshold = threshold
  }

  public var availability: ModelAvailability { primary.availability }
  public var contextSize: Int { primary.contextSize }
  public var tokenizer: any Tokenizer { primary.tokenizer }
  public var promptRenderer: PromptRenderer { primary.promptRenderer }
  public var markupTexts: [String] { primary.markupTexts }
  public func render(_ request: GenerationRequest) -> RenderedPrompt { primary.render(request) }
  public func prewarm(_ request: GenerationRequest) async { await primary.prewarm(request) }

  public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
    guard !request.tools.isEmpty, request.responseSchema == nil else { return primary.generate(request) }
    guard threshold <= 1 else { return fallback.generate(request) }
    let (stream, continuation) = AsyncThrowingStream<GenerationEvent, any Error>.makeStream()
    let task = Task { [primary, fallback, threshold] in
      do {
        var confidence: Double?
        var usage = Usage()
        for try await event in primary.generate(request) {
          switch event {
          case .confidence(let value): confidence = value
          case .usage(let reported): usage = usage + reported
          case .toolCalls(let calls):
            guard let confidence, confidence < threshold else {
              continuation.yield(.confidence(confidence ?? 1))
              continuation.yield(.toolCalls(calls))
              continue
            }
            // Unsure: the fallback chooses; the primary's usage still counts.
            for try await other in fallback.generate(request) {
              if case .usage(let reported) = other { usage = usage + reported } else { continuation.yield(other) }
            }
          default: continuation.yield(event)
          }
        }
        continuation.yield(.usage(usage))
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}
