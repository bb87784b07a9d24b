import RistrettoRules

/// The brewing topics written in code: the safety valve, when to stop and weights in other units
/// (answers that read the question), and a damaged pot (asked when the conversation says so). The
/// fixed answers of the other topics are data (`knowledge.json`).
extension MokaKnowledge {
  /// Steam or hissing from the safety valve, or tampering with it, while coffee still comes up.
  static let valve = Topic(
    name: "valve",
    answer: { question in
      if stuckValve(question) {
        return "Safety first: a stuck valve cannot release the pressure, so do not brew with it. With the pot cold and empty, "
          + "push the valve's pin from inside the bottom chamber: it should move and spring back. If it is stuck, soak the "
          + "bottom in hot water and vinegar and try again; if it still does not move, replace the valve."
      }
      return "Safety first: steam from the safety valve means the pressure in the bottom chamber is too high. Take the pot off "
        + "the heat and let it cool before you open it. The usual causes are coffee ground too fine or tamped, a clogged "
        + "filter plate, or water filled above the valve. Never block, tape or tighten the valve: it is what keeps the pot "
        + "from bursting. If it still hisses with a medium grind, no tamping and the right fill, replace the valve."
    })

  /// The valve itself said to be stuck ("the valve seems stuck"), not a pot that brews nothing.
  static func stuckValve(_ question: Utterance) -> Bool {
    let words = question.words
    return words.indices.contains { index in
      words[index] == "valve" && words[(index + 1)..<min(words.count, index + 10)].contains("stuck")
        || words[index] == "stuck" && index + 1 < words.count && words[index + 1] == "valve"
    }
  }

  /// Whether a damaged pot may still be used.
  static let keepUsing = Topic(
    name: "keepUsing",
    asksInContext: { question, context in
      guard
        says(
          question,
          [
            "keep using", "still use", "carry on using", "continue using", "safe to use", "keep brewing", "still brew",
            "brew with", "ok to use", "okay to use", "use it with",
          ])
      else { return false }
      let damage = ["valve", "gasket*", "seal", "crack*", "broken", "damaged", "bent", "worn", "leak*"]
      return says(question, damage) || context.earlierQuestions.suffix(3).contains { says(Utterance($0), damage) }
    },
    answer: { _ in
      "Better not: a cracked gasket or a faulty safety valve lets steam and hot coffee escape at the seam, and a valve that "
        + "does not release can let the pressure build. Replace the part first; a gasket costs little and fits by pot size."
    })

  static let offTheHeat = Topic(
    name: "offTheHeat",
    answer: { question in
      (says(question, ["leave*", "keep*", "stay*"]) ? "No: do not leave it on the heat once it is done. " : "")
        + "Take it off the heat as soon as the stream turns pale and starts to gurgle, with the top chamber about three-quarters "
        + "full; cool the base under cold water to stop the brew. Left on, it sputters and the last of it tastes burnt."
    })

  /// A weight in other units: ounces or spoons in grams.
  static let units = Topic(
    name: "units",
    answer: { question in
      says(question, ["ounce*", "oz"])
        ? "An ounce is about 28 g (28.35 g): a 3-cup moka's 16 g dose is a little over half an ounce."
        : "A level tablespoon of ground coffee weighs about 5 g and a teaspoon about 2 g: weigh it once to know your own spoon."
    })
}
