import Ristretto  // [import]

// Checking availability before showing a feature, as in "Generating content and performing tasks".
func availabilityMessage(for model: SystemLanguageModel = SystemLanguageModel.default) -> String {
  switch model.availability {
  case .available:
    return "ready"
  case .unavailable(.deviceNotEligible):
    return "This device can't run the model."
  case .unavailable(.appleIntelligenceNotEnabled):
    return "Turn on Apple Intelligence to use this feature."
  case .unavailable(.modelNotReady):
    return "The model is downloading; try again later."
  case .unavailable(let other):
    return "Unavailable: \(other)"
  }
}
