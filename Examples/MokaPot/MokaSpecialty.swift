import Ristretto

/// The moka assistant's specialists. `general` is the fallback and holds every tool.
public enum MokaSpecialty: String, Specialty {
  case beans, cupboard, shopping, general

  public static let fallback = MokaSpecialty.general

  public var routingDescription: String {
    switch self {
    case .beans: "choosing or learning about beans: origins, processing, roasts, tasting notes, taste quiz"
    case .cupboard: "the user's own bags: what is there, freshness, amount left, comparing or dialing one in"
    case .shopping: "buying and finding: nearby cafes and roasters, gear, prices, web search"
    case .general: "greetings, brewing technique, or several topics at once"
    }
  }

  public var toolNames: [String] {
    switch self {
    case .beans: ["searchBeans", "tasteQuiz", "offerChoices"]
    case .cupboard: ["cupboard", "brewAdvice"]
    case .shopping: ["nearbyCafes", "webSearch"]
    case .general: []
    }
  }
}
