import Foundation
import MokaPot
import Ristretto
import RistrettoRules
import RistrettoServer

#if Llama
  import RistrettoLlama
#endif

/// Builds the model the options ask for.
enum Backend {
  struct Failure: Error { let message: String }

  static func model(_ options: Options, assistant: MokaAssistant, renderer: ToolRenderer = .compact) async throws
    -> any LanguageModel
  {
    let contextSize = options.contextSize ?? defaultContextSize
    let rules = {
      RuleBasedModel(
        rules: assistant.ruleBook, tokenizer: try MokaAssistant.smolLM2Tokenizer(), contextSize: contextSize,
        promptRenderer: PromptRenderer(toolRenderer: renderer))
    }
    /// A backend that cannot run: fail, or answer with the rules when the user asked for that.
    func unavailable(_ what: String, _ reason: String) throws -> any LanguageModel {
      guard options.fallback == "rules" else {
        throw Failure(
          message:
            "\(what.prefix(1).uppercased() + what.dropFirst()) is unavailable: \(reason)\nStart it or check the options, or add --fallback rules "
            + "to answer with the rule-based model instead.")
      }
      printError("moka: \(what) is unavailable (\(reason)); answering with the rule-based model (--fallback rules).")
      return try rules()
    }
    switch options.backend {
    case "llama":
      #if Llama
        guard let path = options.modelPath ?? ProcessInfo.processInfo.environment["RISTRETTO_MODEL"] else {
          throw Failure(message: "--backend llama needs --model PATH or RISTRETTO_MODEL (scripts/install-llama.sh prints it).")
        }
        let showProgress = isatty(STDERR_FILENO) != 0
        var progress: (@Sendable (Double) -> Void)?
        if showProgress { progress = { @Sendable fraction in ProgressBar.draw(fraction) } }
        let model = LlamaLanguageModel(path: path, contextSize: contextSize, toolRenderer: renderer, progress: progress)
        if case .unavailable = model.availability {
          return try unavailable("the model \(path)", model.availability.reasonDescription ?? "it cannot be loaded")
        }
        return try withRulesForUnsureToolChoices(model, assistant: assistant)
      #else
        throw Failure(
          message: """
            This build of moka has no llama.cpp backend. Install llama.cpp and the model, then rebuild with the Llama trait:
              scripts/install-llama.sh
              eval "$(scripts/install-llama.sh --print-env)"
              swift run --traits Llama moka --backend llama ...
            """)
      #endif
    case "server":
      guard let text = options.serverURL ?? ProcessInfo.processInfo.environment["RISTRETTO_SERVER_URL"],
        let url = URL(string: text)
      else {
        throw Failure(message: "--backend server needs --url URL (for example http://127.0.0.1:8080) or RISTRETTO_SERVER_URL.")
      }
      // SmolLM2's tokenizer and ChatML: counts are exact when the server serves SmolLM2.
      let served = await ServerLanguageModel.connect(
        to: url, contextSize: contextSize, tokenizer: try MokaAssistant.smolLM2Tokenizer(),
        promptRenderer: PromptRenderer(toolRenderer: renderer))
      if case .unavailable = served.availability {
        return try unavailable("the model server at \(text)", served.availability.reasonDescription ?? "it does not answer")
      }
      return try withRulesForUnsureToolChoices(served, assistant: assistant)
    default:
      return try await assistant.rulesModel(contextSize: contextSize, promptRenderer: PromptRenderer(toolRenderer: renderer))
    }
  }

  /// The token model chooses tools when at least `MokaAssistant.toolChoiceThreshold` sure of a
  /// choice, else the rules choose. (Its answers after the tools ran are grounded: see `MokaAssistant.chat`.)
  static func withRulesForUnsureToolChoices(_ model: any LanguageModel, assistant: MokaAssistant) throws -> any LanguageModel {
    let rules = RuleBasedModel(
      rules: assistant.ruleBook, tokenizer: try MokaAssistant.smolLM2Tokenizer(), contextSize: model.contextSize)
    return ToolChoiceCascade(primary: model, fallback: rules, threshold: MokaAssistant.toolChoiceThreshold)
  }

  /// The router for the backend: rules alone, or rules first and the model when they are unsure.
  static func router(_ options: Options, model: any LanguageModel, assistant: MokaAssistant) throws
    -> any SpecialtyRouter<MokaSpecialty>
  {
    guard !(model is RuleBasedModel) else { return Router<MokaSpecialty>(model: model) }
    let rules = RuleBasedModel(rules: assistant.ruleBook, tokenizer: try MokaAssistant.smolLM2Tokenizer())
    return MokaRouterPrompt.cascade(rules: rules, model: model)
  }
}

/// A progress bar on standard error.
enum ProgressBar {
  static func draw(_ fraction: Double) {
    let width = 30
    let filled = Int(fraction * Double(width))
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    FileHandle.standardError.write(Data("\rLoading model [\(bar)] \(Int(fraction * 100))%".utf8))
    if fraction >= 1 { FileHandle.standardError.write(Data("\n".utf8)) }
  }
}
