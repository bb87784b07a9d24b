import Ristretto

/// Routing on a small local model, made good by design: labelled examples in the router's fixed
/// prefix (cheap once a backend caches it) and a confidence threshold below which it is unsure.
public enum MokaRouterPrompt {
  /// Labelled examples placed in the router's instructions.
  public static let examples: [(question: String, desk: MokaSpecialty)] = [
    ("Recommend a fruity Ethiopian bean", .beans),
    ("What does natural process taste like?", .beans),
    ("How much of my Kochere is left?", .cupboard),
    ("Is the bag I opened last month still fresh?", .cupboard),
    ("Where can I buy beans near me?", .shopping),
    ("How much is a 6-cup Bialetti?", .shopping),
    ("Hello!", .general),
    ("Why is my moka pot sputtering?", .general),
  ]

  /// Instructions: the desks, then the examples.
  public static var instructions: Instructions {
    var lines = [Router<MokaSpecialty>.defaultInstructions.text, "Examples:"]
    for example in examples { lines.append("\(example.question) => \(example.desk.rawValue)") }
    return Instructions(lines.joined(separator: "\n"))
  }

  /// The confidence the model needs to overrule the rules' `unsure` in the cascade `moka route
  /// --backend llama` uses. Chosen on the dev and holdout sets (0.7 and 0.8 tie on holdout; 0.8
  /// is better on dev) and confirmed on the blind set: `swift run -c release --traits Llama
  /// moka-bench routing`.
  public static let cascadeThreshold = 0.8

  /// The rules first, then `model` for what the rules cannot place (below `threshold` the model
  /// is unsure too, and the fallback answers).
  public static func cascade(rules: any LanguageModel, model: any LanguageModel, threshold: Double = cascadeThreshold)
    -> CascadeRouter<MokaSpecialty>
  {
    CascadeRouter([
      ("rules", Router<MokaSpecialty>(model: rules)),
      ("model", modelRouter(model: model, confidenceThreshold: threshold)),
    ])
  }

  /// A router on `model` with the examples and a confidence threshold.
  public static func modelRouter(model: any LanguageModel, confidenceThreshold: Double = 0.5) -> Router<MokaSpecialty> {
    Router(model: model, instructions: instructions, confidenceThreshold: confidenceThreshold)
  }
}
