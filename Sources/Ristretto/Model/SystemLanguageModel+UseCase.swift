import Foundation

extension SystemLanguageModel {
  /// What a model is used for, as in Foundation Models. A local backend serves every use case
  /// alike; the value is recorded on the model for the app to read.
  public struct UseCase: Sendable, Hashable {
    /// The use case's name.
    public let name: String
    /// General prompting.
    public static let general = UseCase(name: "general")
    /// Tagging content: topics, entities, categories.
    public static let contentTagging = UseCase(name: "contentTagging")
  }

  /// The safety guardrails of a model, as in Foundation Models. No content filter runs on a
  /// local backend, so no request fails with `guardrailViolation` here; the value is recorded.
  public struct Guardrails: Sendable, Hashable {
    /// The guardrails' name.
    public let name: String
    /// The default guardrails.
    public static let `default` = Guardrails(name: "default")
    /// Guardrails that allow transforming the user's own content (summaries, rewrites).
    public static let permissiveContentTransformations = Guardrails(name: "permissiveContentTransformations")
  }

  /// The languages the app declares its backend answers in (default: English). A local model's
  /// languages are a property of that model, not of the library, so the app states them.
  public var supportedLanguages: Set<Locale.Language> {
    get { languages.withLock { $0 } }
    set { languages.withLock { $0 = newValue } }
  }

  /// Whether `locale`'s language is one of ``supportedLanguages``.
  public func supportsLocale(_ locale: Locale = .current) -> Bool {
    guard let code = locale.language.languageCode else { return false }
    return supportedLanguages.contains { $0.languageCode == code }
  }
}

extension LanguageModel where Self == SystemLanguageModel {
  /// The shared default model, so `LanguageModelSession(model: .default)` reads as in
  /// Foundation Models.
  public static var `default`: SystemLanguageModel { SystemLanguageModel.default }
}
