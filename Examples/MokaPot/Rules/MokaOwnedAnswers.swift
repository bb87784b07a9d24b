import Ristretto
import RistrettoRules

/// Whether the user owns what the conversation just showed: the beans of a search (by name, or
/// like them by the search's origin, roast and process), or bags from the places of a place search.
extension MokaCupboardAnswers {
  /// Whether the user owns the beans just shown ("do I own any of these?"), or beans like them
  /// ("own something like those?": the earlier search's origin, roast and process); nil when
  /// the question does not point back at beans.
  static func ownsShown(_ output: GeneratedContent, _ question: Utterance, _ context: RuleContext) -> String? {
    let like = question.matchesAny(["like that", "like those", "like this", "like it", "like them", "similar"])
    // ("Got any at home?" after beans: any of those.)
    let anyOfThem =
      question.matchesAny(["is there any", "any in my", "got any at home"]) && !MokaFollowUps.namesBeanFilter(question)
    let bags = A.array(output, "bags")
    // ("One of those at home: how much is left?": what each line says, of the one owned.)
    let amountOfOne =
      question.matchesAny(["one of those", "one of them", "one of these"])
      && question.matchesAny(["how much", "left", "remaining", "fresh", "still good"])
    guard MokaReferences.lastKind(context) == "beans", MokaReferences.refersBack(question) || like || anyOfThem,
      !bags.isEmpty,
      MokaToolRules.cups(in: question) == nil, MokaReferences.named(in: question, among: bags).isEmpty,
      !asksComputation(question) || amountOfOne, !asksComparison(question),
      !question.matchesAny(MokaToolRules.compareWords.filter { !["one of those", "one of them", "one of these"].contains($0) })
    else { return nil }
    let names = bags.compactMap { A.string($0, "name") }.joined(separator: ", ")
    let earlier = context.latest("searchBeans")?.arguments
    let filters = ["origin", "roast", "process"].compactMap { key in
      earlier.flatMap { A.string($0, key) }.map { (key, $0) }
    }
    if like, !filters.isEmpty {
      let matching = bags.filter { bag in
        filters.allSatisfy { key, value in
          key == "origin"
            ? MokaVocabulary.origin(in: Utterance(A.string(bag, "bean") ?? "")) == value
            : A.string(bag, key)?.lowercased() == value.lowercased()
        }
      }
      let described = filters.map { key, value in key == "origin" ? "from \(value)" : "\(value) \(key)" }.joined(
        separator: ", ")
      guard !matching.isEmpty else { return "No: none of your bags is like that (\(described)). You have: \(names)." }
      return "Yes, like that (\(described)): " + matching.map(A.bagLine).joined(separator: "; ") + "."
    }
    let shown = MokaReferences.lastBeans(context)
    let singled = MokaReferences.referents(shown, in: context)
    let asked = MokaReferences.pointsAtSeveral(question) || singled.count != 1 ? shown : singled
    let owned = bags.filter { bag in
      asked.contains { bean in A.string(bean, "name")?.lowercased() == A.string(bag, "bean")?.lowercased() }
    }
    guard !owned.isEmpty else {
      let beans = A.list(asked.compactMap { A.string($0, "name") })
      return "No: \(beans) \(asked.count == 1 ? "is" : "are") not in your cupboard. Your bags: \(names)."
    }
    return "Yes: " + owned.map(A.bagLine).joined(separator: "; ") + "."
  }

  /// The bags whose roaster is one of the places just shown ("which of my bags came from one of
  /// those places?"); nil when the question does not ask where bags came from after places.
  static func fromShownPlaces(_ output: GeneratedContent, _ question: Utterance, _ context: RuleContext) -> String? {
    guard MokaReferences.lastKind(context) == "places",
      question.matchesAny(["came from", "bought from", "bought at", "roasted by", "from one of", "from those", "from there"])
    else { return nil }
    let places = MokaReferences.lastPlaces(context).compactMap { A.string($0, "name") }
    let bags = A.array(output, "bags")
    let matching = bags.filter { bag in
      A.string(bag, "roaster").map { roaster in places.contains { MokaPlaceFollowUps.mentions(Utterance(roaster), name: $0) } }
        ?? false
    }
    guard !matching.isEmpty else {
      return "None of your bags came from those places: "
        + bags.map { "\(A.string($0, "name") ?? "?") from \(A.string($0, "roaster") ?? "?")" }.joined(separator: ", ") + "."
    }
    return "From those places: " + matching.map(A.bagLine).joined(separator: "; ") + "."
  }
}
