import Foundation

/// The app's default model, as in Foundation Models: `SystemLanguageModel.default`, which
/// `LanguageModelSession()` uses when no model is passed.
///
/// On Apple's platforms the system provides the model; here the app configures it once at
/// start-up with any backend — the one line a Foundation Models program changes to run on
/// Ristretto. Until then it is unavailable with ``ModelAvailability/UnavailableReason/notConfigured``
/// and every request fails with a typed error.
///
/// ```swift
/// SystemLanguageModel.configure(RuleBasedModel(rules: rules, tokenizer: tokenizer))
/// let session = LanguageModelSession(instructions: "You are a moka-pot assistant.")
/// ```
public final class SystemLanguageModel: LanguageModel {
  /// Foundation Models' name for the availability type.
  public typealias Availability = ModelAvailability

  /// The shared default model.
  public static let `default` = SystemLanguageModel()

  private let backend = LockedValue<(any LanguageModel)?>(nil)

  /// A model with no backend yet (use ``default`` unless you need a second one).
  public init() {}

  /// A model that forwards to `backend`.
  public init(_ backend: any LanguageModel) {
    self.backend.withLock { $0 = backend }
  }

  /// Sets the backend of ``default``: call once at start-up.
  public static func configure(_ backend: any LanguageModel) {
    `default`.use(backend)
  }

  /// Sets this model's backend; later requests use it.
  public func use(_ backend: any LanguageModel) {
    self.backend.withLock { $0 = backend }
  }

  /// The backend requests go to, if one is configured.
  public var configuredBackend: (any LanguageModel)? { backend.withLock { $0 } }

  /// The backend's availability, or unavailable when none is configured.
  public var availability: ModelAvailability { configuredBackend?.availability ?? .unavailable(.notConfigured) }

  /// Whether the model can run now.
  public var isAvailable: Bool { availability.isAvailable }

  /// The backend's context size (4,096 when none is configured).
  public var contextSize: Int { configuredBackend?.contextSize ?? defaultContextSize }

  /// The backend's tokenizer (an approximate one when none is configured).
  public var tokenizer: any Tokenizer { configuredBackend?.tokenizer ?? ApproximateTokenizer() }

  /// The backend's renderer.
  public var promptRenderer: PromptRenderer { configuredBackend?.promptRenderer ?? PromptRenderer() }

  /// The backend's markup texts.
  public var markupTexts: [String] {
    configuredBackend?.markupTexts ?? Array(Set(PromptRenderer().template.stopSequences + ChatTemplate.knownMarkers)).sorted()
  }

  /// The backend's rendering.
  public func render(_ request: GenerationRequest) -> RenderedPrompt {
    configuredBackend?.render(request) ?? promptRenderer.render(request)
  }

  /// The backend's stream, or a typed failure when none is configured.
  public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
    guard let backend = configuredBackend else {
      return AsyncThrowingStream { $0.finish(throwing: GenerationError.modelUnavailable(.notConfigured)) }
    }
    return backend.generate(request)
  }

  /// Prewarms the backend.
  public func prewarm(_ request: GenerationRequest) async {
    await configuredBackend?.prewarm(request)
  }
}
