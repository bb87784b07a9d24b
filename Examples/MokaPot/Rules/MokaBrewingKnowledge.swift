import RistrettoRules

/// Brewing technique a barista answers without a tool: the safety valve, a damaged pot, the fill
/// level, tamping, grind, the water to start with, when to stop, the gasket, brew time, a half pot,
/// the lid, the pressure, the flame's size, weights in other units.
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

  static let fillLevel = Topic(
    name: "fillLevel",
    answer: { _ in
      "Fill the bottom chamber with water up to just below the safety valve, never above it: water over the valve can "
        + "block it and spurt out under pressure, and the coffee comes out watery."
    })

  static let tamping = Topic(
    name: "tamping",
    answer: { _ in
      "No: a moka pot is not an espresso machine. Fill the basket to the rim, level it with a finger without pressing, and "
        + "wipe the edge. Tamping packs the coffee too tight for the moka's low pressure: it chokes the flow, tastes bitter, "
        + "and can make the safety valve blow."
    })

  static let grindSize = Topic(
    name: "grindSize",
    answer: { _ in
      "Grind fine-medium: a little coarser than espresso and finer than for filter, about like fine table salt. Finer "
        + "chokes the flow and tastes bitter; coarser brews weak and sour."
    })

  static let waterTemperature = Topic(
    name: "waterTemperature",
    answer: { _ in
      "Start with hot water, just off the boil, in the bottom chamber: the coffee brews sooner, so the grounds spend less "
        + "time heating on the stove and taste less bitter or metallic. Hold the hot base with a cloth when you close it."
    })

  static let offTheHeat = Topic(
    name: "offTheHeat",
    answer: { question in
      (says(question, ["leave*", "keep*", "stay*"]) ? "No: do not leave it on the heat once it is done. " : "")
        + "Take it off the heat as soon as the stream turns pale and starts to gurgle, with the top chamber about three-quarters "
        + "full; cool the base under cold water to stop the brew. Left on, it sputters and the last of it tastes burnt."
    })

  /// Where the moka pot comes from.
  static let history = Topic(
    name: "history",
    answer: { _ in
      "The moka pot was invented in Italy in 1933: Alfonso Bialetti patented it, from a design by the engineer Luigi De "
        + "Ponti, and Bialetti's eight-sided aluminium Moka Express is still the classic shape."
    })

  static let gasket = Topic(
    name: "gasket",
    answer: { _ in
      "Replace the gasket about once a year with daily use, or sooner when it is hard, cracked, flattened or leaks between "
        + "the chambers; change the filter plate when it is bent or clogged. Buy the gasket for your pot's size in cups."
    })

  static let brewTime = Topic(
    name: "brewTime",
    answer: { _ in
      "About 5 minutes on medium-low heat from hot water (longer from cold): coffee starts to rise after 2 to 3 minutes "
        + "and the brew is done a minute or two later, when it turns pale and gurgles."
    })

  static let halfPot = Topic(
    name: "halfPot",
    answer: { _ in
      "Not really: a moka pot brews best with the basket full and level and the water just below the valve. A half-full "
        + "basket brews weak and uneven; for less coffee use a reducer filter made for your pot, or a smaller pot."
    })

  static let lid = Topic(
    name: "lid",
    answer: { _ in
      "Brew with the lid open so you can watch the flow, and close it (or take the pot off) as soon as it turns pale and "
        + "starts to gurgle; closing it early keeps the coffee hot but hides the moment to stop."
    })

  /// How much pressure a moka pot brews at, against an espresso machine.
  static let pressure = Topic(
    name: "pressure",
    answer: { _ in
      "A moka pot brews at about 1 to 1.5 bar, pushed by steam in the bottom chamber; an espresso machine presses water "
        + "through the coffee at about 9 bar. So moka coffee is strong but is not espresso: little crema, a coarser grind, "
        + "and no tamping."
    })

  /// How big the flame should be under the pot.
  static let flameSize = Topic(
    name: "flameSize",
    answer: { _ in
      "Keep the flame smaller than the pot's base, never licking up its sides, on medium-low heat: a flame wider than "
        + "the base overheats the coffee, which tastes burnt, and scorches the handle. On a big gas ring use the smallest "
        + "burner, or a reducer plate."
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
