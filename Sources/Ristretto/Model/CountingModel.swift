import Foundation

/// A model that only counts: it renders requests with a chat template and counts them with an
/// exact tokenizer, so budgets and token counts need neither weights nor a backend.
///
/// Made from a GGUF file it reads only the metadata — the tokenizer (BPE or SentencePiece) and
/// the chat template (the file's own family, else its architecture's) — and counts exactly what
/// `LlamaLanguageModel` would prefill for the same file. It cannot generate.
///
/// ```swift
/// let counter = try CountingModel(gguf: URL(fileURLWithPath: "gemma-3-270m-q4_k_m.gguf"))
/// let budget = TokenBudget(model: counter, instructions: instructions, tools: tools)
/// print(budget.table)
/// ```
public struct CountingModel: LanguageModel {
  /// The exact tokenizer.
  public let tokenizer: any Tokenizer
  /// The context size counted against.
  public let contextSize: Int
  /// The template and tool renderer.
  public let promptRenderer: PromptRenderer

  /// A counter from a tokenizer and a template.
  public init(
    tokenizer: any Tokenizer, template: ChatTemplate = .chatML, toolRenderer: ToolRenderer = .compact,
    contextSize: Int = defaultContextSize
  ) {
    self.tokenizer = tokenizer
    self.promptRenderer = PromptRenderer(template: template, toolRenderer: toolRenderer)
    self.contextSize = contextSize
  }

  /// A counter for a GGUF model, from its metadata alone.
  ///
  /// - Parameters:
  ///   - url: The GGUF file.
  ///   - contextSize: The most context to count against (default ``defaultContextSize``, as
  ///     `LlamaLanguageModel`); a model trained on a shorter context (the file's
  ///     `<architecture>.context_length`) counts against that.
  ///   - toolRenderer: How tools are written (default compact).
  /// - Throws: ``GGUFError`` when the file cannot be read or has no supported tokenizer.
  public init(gguf url: URL, contextSize: Int = defaultContextSize, toolRenderer: ToolRenderer = .compact)
    throws(GGUFError)
  {
    let metadata = try GGUFMetadata(contentsOf: url)
    let data = try TokenizerData(gguf: metadata)
    let template = ChatTemplate.detect(jinja: data.chatTemplate, architecture: metadata.string("general.architecture"))
    let trained = data.contextLength.flatMap { $0 > 0 ? $0 : nil } ?? contextSize
    self.init(
      tokenizer: try data.makeTokenizer(), template: template, toolRenderer: toolRenderer,
      contextSize: min(contextSize, trained))
  }

  /// Counting only: the model cannot run.
  public var availability: ModelAvailability { .unavailable(.other("a CountingModel counts tokens; it cannot generate")) }

  /// Fails with ``GenerationError/modelUnavailable(_:)``.
  public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
    AsyncThrowingStream { $0.finish(throwing: GenerationError.modelUnavailable(availability.reason)) }
  }
}
