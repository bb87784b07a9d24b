import Ristretto
import RistrettoRules

/// Answers over several of the user's bags at once: the two a conversation just compared.
extension MokaCupboardAnswers {
  /// A comparison that names no bag, right after a question that named several ("which is
  /// fresher?"): the question with those bags' names added, so that it compares them.
  static func ofTheTwoNamedBefore(_ question: Utterance, _ output: GeneratedContent, _ context: RuleContext) -> Utterance {
    let names = A.array(output, "bags").compactMap { A.string($0, "name") }
    let namedNow = names.filter { question.matches(Phrase($0.lowercased(), fuzzy: false)) }
    guard namedNow.isEmpty,
      question.matchesAny(["fresher", "older", "newer", "more left", "less left", "which is", "which one"]),
      let earlier = context.earlierQuestions.last.map(Utterance.init)
    else { return question }
    let namedBefore = names.filter { earlier.matches(Phrase($0.lowercased(), fuzzy: false)) }
    return namedBefore.count > 1 ? Utterance(question.original + " (" + namedBefore.joined(separator: " and ") + ")") : question
  }
}
