import Foundation
import Ristretto

/// What the app should show for a given model availability state.
enum ModelReadiness: Equatable {
    case ready
    case needsDifferentDevice
    case needsAppleIntelligence
    case downloading
    case unknown

    var userMessage: String {
        switch self {
        case .ready: return "Ready"
        case .needsDifferentDevice: return "This device is not eligible for Apple Intelligence."
        case .needsAppleIntelligence: return "Turn on Apple Intelligence in Settings."
        case .downloading: return "The model is not ready yet. Please come back later."
        case .unknown: return "The model is unavailable."
        }
    }
}

/// Maps every documented availability state, including each unavailable reason.
func readiness(of model: SystemLanguageModel) -> ModelReadiness {
    switch model.availability {
    case .available:
        return .ready
    case .unavailable(.deviceNotEligible):
        return .needsDifferentDevice
    case .unavailable(.appleIntelligenceNotEnabled):
        return .needsAppleIntelligence
    case .unavailable(.modelNotReady):
        return .downloading
    case .unavailable(let reason):
        // Future reasons the SDK may add.
        _ = reason
        return .unknown
    }
}

/// The same check written with a nested switch over the reason itself.
func describeReason(_ availability: SystemLanguageModel.Availability) -> String {
    guard case .unavailable(let reason) = availability else { return "available" }
    switch reason {
    case .deviceNotEligible: return "deviceNotEligible"
    case .appleIntelligenceNotEnabled: return "appleIntelligenceNotEnabled"
    case .modelNotReady: return "modelNotReady"
    @unknown default: return "unknown"
    }
}

func runP01() async throws -> String {
    let defaultModel = SystemLanguageModel.default
    let taggingModel = SystemLanguageModel(useCase: .contentTagging)
    let permissiveModel = SystemLanguageModel(
        useCase: .general,
        guardrails: .permissiveContentTransformations
    )

    var lines: [String] = []
    for (label, model) in [("default", defaultModel),
                           ("contentTagging", taggingModel),
                           ("permissive", permissiveModel)] {
        let state = readiness(of: model)
        lines.append("\(label): \(describeReason(model.availability)) -> \(state.userMessage)")
    }

    let localeOK = defaultModel.supportsLocale(Locale.current)
    let languageCount = defaultModel.supportedLanguages.count
    lines.append("locale supported: \(localeOK), languages: \(languageCount)")

    // Only talk to the model when it is actually ready.
    if readiness(of: defaultModel) == .ready {
        let session = LanguageModelSession(model: defaultModel)
        let reply = try await session.respond(to: "Reply with the single word: ready")
        lines.append("probe: \(reply.content)")
    }

    return "P01 " + lines.joined(separator: " | ")
}
