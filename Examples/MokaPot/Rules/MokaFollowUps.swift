import Ristretto
import RistrettoRules

/// Follow-up questions that the previous turn's tool output already answers: picking one of the
/// beans or bags just listed, or checking one of their properties.
enum MokaFollowUps {
  /// Words that ask for another tool (owning, buying, brewing): such a follow-up goes to the tools.
  static let otherIntent = [
    "have", "own", "left", "buy", "where", "near", "brew*", "shop", "store", "order", "cupboard", "make", "grind", "more",
  ]

  static func answer(_ question: Utterance, _ context: RuleContext) -> String? {
    // Thanks or a greeting after earlier answers is not a request for more of them.
    if question.words.count <= 4, MokaAnswers.isCourtesy(question) { return MokaAnswers.reply(question, [], context) }
    guard MokaReferences.refersBack(question),
      !otherIntent.contains(where: { question.matches(Phrase($0, fuzzy: false)) })
    else { return nil }
    switch MokaReferences.lastKind(context) {
    case "beans"?: return aboutBeans(question, MokaReferences.lastBeans(context))
    case "bags"?: return aboutBags(question, MokaReferences.lastBags(context))
    default: return nil
    }
  }

  static func aboutBeans(_ question: Utterance, _ beans: [GeneratedContent]) -> String? {
    guard !beans.isEmpty else { return nil }
    let names = beans.compactMap { MokaAnswers.string($0, "name") }
    if MokaVocabulary.mentionsPrice(question) {
      return MokaAnswers.noPrices + " Those beans were: " + MokaAnswers.list(names) + "."
    }
    if MokaVocabulary.wantsDecaf(question) {
      let decaf = beans.filter { (MokaAnswers.string($0, "name") ?? "").lowercased().contains("decaf") }
      return decaf.isEmpty
        ? "None of those is decaf: " + MokaAnswers.list(names) + " all have caffeine."
        : MokaAnswers.list(decaf.compactMap { MokaAnswers.string($0, "name") }) + " is decaf."
    }
    let selects = MokaReferences.selectors.contains { selector in
      selector.phrases.contains { question.matches(Phrase($0, fuzzy: false)) }
    }
    let asksAbout = ["tell me more", "more about", "taste like", "tastes like", "what notes", "what is it", "describe"]
      .contains { question.matches(Phrase($0, fuzzy: false)) }
    guard selects || asksAbout,
      let bean = MokaReferences.selectBean(question, from: beans)
    else { return nil }
    return "Of those: " + MokaAnswers.beanLine(bean) + "."
  }

  static func aboutBags(_ question: Utterance, _ bags: [GeneratedContent]) -> String? {
    guard bags.count > 1, let bag = MokaReferences.selectBag(question, from: bags) else { return nil }
    return MokaCupboardAnswers.detail(bag)
  }
}
