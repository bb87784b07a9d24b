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
  let languages = LockedValue<Set<Locale.Language>>([Locale.Language(identifier: "en")])
  /// Whether a model without a backend of its own uses the default's.
  let followsDefault: Bool
  /// The use case this model was made for (``UseCase/general`` unless given).
  public let useCase: UseCase
  /// The guardrails this model was made with (``Guardrails/default`` unless given).
  public let guardrails: Guardrails

  /// A model with no backend yet (use ``default`` unless you need a second one).
  public init() {
    (followsDefault, useCase, guardrails) = (false, .general, .default)
  }

  /// A model that forwards to `backend`.
  public init(_ backend: any LanguageModel) {
    (followsDefault, useCase, guardrails) = (false, .general, .default)
    self.backend.withLock { $0 = backend }
  }

  /// A model for a use case, as in Foundation Models. It answers with the backend of
  /// ``default`` (one local model serves every use case) unless ``use(_:)`` gives it its own;
  /// `useCase` and `guardrails` are recorded, and no content filter runs locally.
  public init(useCase: UseCase = .general, guardrails: Guardrails = .default) {
    (followsDefault, self.useCase, self.guardrails) = (true, useCase, guardrails)
  }

  /// Sets the backend of ``default``: call once at start-up.
  public static func configure(_ backend: any LanguageModel) {
    `default`.use(backend)
  }

  /// Runs `operation` with `backend` as the backend of ``default`` for the current task and the
  /// tasks it starts, leaving every other task's default as it is: tests that run in parallel
  /// can each give code written against ``default`` a model of their own.
  ///
  /// ```swift
  /// let summary = try await SystemLanguageModel.withBackend(FakeModel.sampling()) {
  ///   try await summarizeArticle()  // uses LanguageModelSession() inside
  /// }
  /// ```
  public static func withBackend<Result>(
    _ backend: any LanguageModel, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await $scopedBackend.withValue(backend, operation: operation, isolation: isolation)
  }

  /// The backend ``withBackend(_:isolation:operation:)`` set for this task, if any.
  @TaskLocal static var scopedBackend: (any LanguageModel)?

  /// Sets this model's backend; later requests use it.
  public func use(_ backend: any LanguageModel) {
    self.backend.withLock { $0 = backend }
  }

  /// The backend requests go to, if one is configured: this model's own, else — for a model
  /// made with ``init(useCase:guardrails:)`` — the backend of ``default``. Inside
  /// ``withBackend(_:isolation:operation:)``, ``default`` answers with the scoped backend.
  public var configuredBackend: (any LanguageModel)? {
    if self === Self.default, let scoped = Self.scopedBackend { return scoped }
    return backend.withLock { $0 } ?? (followsDefault ? Self.default.configuredBackend : nil)
  }

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
