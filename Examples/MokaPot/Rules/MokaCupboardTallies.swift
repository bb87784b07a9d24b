import Ristretto
import RistrettoRules

/// Answers over several of the user's bags at once: the two a conversation just compared, and the
/// bags counted by roaster.
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

  /// How many of the bags came from the roaster named ("how many of my bags are from Aurora?"),
  /// or, asked which roaster the most came from, each roaster's count; nil for other questions.
  static func roasterCount(_ question: Utterance, all: [GeneratedContent], fromRoaster: [GeneratedContent]) -> String? {
    let names = { (bags: [GeneratedContent]) in A.list(bags.compactMap { A.string($0, "name") }) }
    // (How many bags, not how many grams or brews.)
    let countsBags = question.matchesAny(["how many"]) && !question.matchesAny(["grams", "brews", "cups", "pots", "total"])
    if !fromRoaster.isEmpty, countsBags, let roaster = A.string(fromRoaster[0], "roaster") {
      let count = fromRoaster.count
      return "\(count) of your \(all.count) bags \(count == 1 ? "is" : "are") from \(roaster): \(names(fromRoaster))."
    }
    guard question.matchesAny(["roaster", "roasters", "shop", "bought from", "buy from"]),
      question.matchesAny(["most", "how often"]) || countsBags, fromRoaster.isEmpty, !all.isEmpty
    else { return nil }
    let byRoaster = Dictionary(grouping: all) { A.string($0, "roaster") ?? "an unknown roaster" }
      .sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
    let tally = byRoaster.map { "\($0.key): \($0.value.count) (\(names($0.value)))" }.joined(separator: "; ")
    guard let top = byRoaster.first else { return nil }
    let level = byRoaster.filter { $0.value.count == top.value.count }
    let lead =
      level.count == 1
      ? "Most of your bags came from \(top.key)"
      : "No roaster leads: \(A.list(level.map(\.key))) have \(top.value.count) bags each"
    return lead + ". By roaster: " + tally + "."
  }
}
