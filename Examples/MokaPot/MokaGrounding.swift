import Ristretto
import RistrettoRules

/// Grounded answers for the moka assistant on a real model: the statements a turn's tool outputs
/// support, written by the app; the model only picks and orders them.
///
/// Statuses that mean a tool did not run, constraints that matched nothing, safety fixes, the
/// answer to a computed cupboard question, the recipe for the pot size, and a search's best match
/// are required: they are in every answer. The model picks among the rest.
enum MokaGrounding {
  static let grounding = Grounding(maximumPicks: 3) { question, turn in statements(question, turn) }

  static func statements(_ question: String, _ turn: [Transcript.Entry]) -> [Grounding.Statement] {
    let utterance = Utterance(question)
    let context = RuleContext(transcript: Transcript(entries: turn + [.prompt(Transcript.Prompt(id: "end", segments: []))]))
    // A follow-up grounded on an earlier turn (its question is not this one): when the earlier
    // outputs answer it directly (a property, a filter, a pick), that answer is the statement.
    if let asked = context.earlierQuestions.first, asked != question,
      let answer = MokaFollowUps.answer(utterance, context)
    {
      return [Grounding.Statement(answer, isRequired: true)]
    }
    var statements: [Grounding.Statement] = []
    for result in context.earlierResults {
      statements += self.statements(for: result, utterance, context: context)
    }
    if MokaVocabulary.mentionsPrice(utterance), !statements.isEmpty {
      statements.append(Grounding.Statement(MokaAnswers.noPrices, isRequired: true))
    }
    return statements
  }

  static func statements(for result: ToolResult, _ question: Utterance, context: RuleContext? = nil) -> [Grounding.Statement] {
    let status = result.status ?? ""
    if status.hasSuffix("Unavailable") {
      return [Grounding.Statement(MokaAnswers.unavailable(result), isRequired: true)]
    }
    let output = result.output
    switch (result.tool, status) {
    case ("searchBeans", "indexStale") where !MokaAnswers.array(output, "beans").isEmpty:
      // The stale index's results, after the warning that they may be out of date.
      let warning = Grounding.Statement(
        MokaAnswers.staleIndex + ".", isRequired: true)
      return [warning]
        + MokaAnswers.array(output, "beans").enumerated().map {
          Grounding.Statement("From the corpus: " + MokaAnswers.beanLine($0.element) + ".", isRequired: $0.offset == 0)
        }
    case ("searchBeans", "ok"):
      // The search's best match is always named; the model picks which of the others to add.
      return MokaAnswers.array(output, "beans").enumerated().map {
        Grounding.Statement("From the corpus: " + MokaAnswers.beanLine($0.element) + ".", isRequired: $0.offset == 0)
      }
    case ("nearbyCafes", "ok"):
      // A question about places it names: what it asks of them is the answer.
      if let named = MokaPlaceFollowUps.aboutNamed(question, MokaAnswers.array(output, "places")) {
        return [Grounding.Statement(named, isRequired: true)]
      }
      // Likewise the nearest place.
      return MokaAnswers.array(output, "places").enumerated().map {
        Grounding.Statement(MokaAnswers.placeLine($0.element) + ".", isRequired: $0.offset == 0)
      }
    case ("brewAdvice", _):
      // The recipe for the pot size asked is the computed answer: always said.
      let recipe = Grounding.Statement(
        "For a \(MokaAnswers.int(output, "cups"))-cup moka pot use \(MokaAnswers.int(output, "doseGrams")) g of coffee and "
          + "\(MokaAnswers.int(output, "waterMilliliters")) ml of water, ground \(MokaAnswers.string(output, "grind") ?? "").",
        isRequired: true)
      let heat = Grounding.Statement("Heat: \(MokaAnswers.string(output, "heat") ?? "").")
      guard let fix = MokaAnswers.string(output, "fix") else { return [recipe, heat] }
      return [Grounding.Statement(fix, isRequired: true), recipe, heat]
    default:
      // Everything else is one computed sentence (a cupboard answer, a refused filter, a quiz): always said.
      return [Grounding.Statement(MokaAnswers.sentence(result, question, context: context), isRequired: true)]
    }
  }
}
