/// Whether a model can run, and if not, why — the shape of Foundation Models'
/// `SystemLanguageModel.Availability`, so `switch model.availability` code ports unchanged.
///
/// ```swift
/// switch SystemLanguageModel.default.availability {
/// case .available: showChat()
/// case .unavailable(.modelNotReady): showProgress()
/// case .unavailable(let reason): showMessage(reason.description)
/// }
/// ```
public enum ModelAvailability: Sendable, Equatable {
  /// The model is ready.
  case available
  /// The model cannot run.
  case unavailable(UnavailableReason)

  /// Why a model cannot run. The first three cases are Foundation Models' own; Ristretto's
  /// backends report the others, which say what to do.
  public enum UnavailableReason: Sendable, Equatable, CustomStringConvertible {
    /// The machine cannot run the model (Foundation Models' reason; also a backend's for
    /// missing hardware support).
    case deviceNotEligible
    /// Foundation Models' reason when Apple Intelligence is off; Ristretto's backends never
    /// report it.
    case appleIntelligenceNotEnabled
    /// The model is not ready yet (still loading or downloading).
    case modelNotReady
    /// `SystemLanguageModel.default` was used before a backend was configured for it.
    case notConfigured
    /// The model file does not exist.
    case modelFileMissing(path: String)
    /// The model file exists but could not be loaded.
    case loadFailed(String)
    /// A served model could not be reached or refused the connection.
    case unreachable(String)
    /// The model server answered with an HTTP error (for example 401 without the right API key).
    case serverError(status: Int, message: String)
    /// The model server does not serve the model asked for; `served` lists what it does serve.
    case modelNotServed(name: String, served: [String])
    /// Any other reason, in a sentence.
    case other(String)

    /// A sentence that says why and what to do.
    public var description: String {
      switch self {
      case .deviceNotEligible: "This machine cannot run the model."
      case .appleIntelligenceNotEnabled: "Apple Intelligence is not enabled."
      case .modelNotReady: "The model is not ready yet; try again when it has loaded."
      case .notConfigured:
        "No model is configured: call SystemLanguageModel.configure(_:) at start-up with a backend "
          + "(RuleBasedModel, LlamaLanguageModel, …)."
      case .modelFileMissing(let path): "The model file '\(path)' does not exist."
      case .loadFailed(let reason): "The model could not be loaded: \(reason)"
      case .unreachable(let reason): "The model server cannot be reached: \(reason)"
      case .serverError(let status, let message) where status == 401 || status == 403:
        "The model server refused the request (HTTP \(status)): \(message). Set the API key it expects."
      case .serverError(let status, let message): "The model server answered HTTP \(status): \(message)"
      case .modelNotServed(let name, let served):
        "The model server does not serve '\(name)'; it serves: "
          + (served.isEmpty ? "nothing" : served.joined(separator: ", ")) + ". Ask for one of those."
      case .other(let reason): reason
      }
    }
  }

  /// Whether the model is ready.
  public var isAvailable: Bool { self == .available }

  /// The reason, or `.other("available")` when the model is available.
  public var reason: UnavailableReason {
    if case .unavailable(let reason) = self { return reason }
    return .other("available")
  }

  /// The reason as a sentence, or nil when the model is available.
  public var reasonDescription: String? {
    if case .unavailable(let reason) = self { return reason.description }
    return nil
  }
}
