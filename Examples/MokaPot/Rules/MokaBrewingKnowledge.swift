import RistrettoRules

/// Brewing technique a barista answers without a tool: the safety valve, a damaged pot, the fill
/// level, tamping, grind, the water to start with, when to stop, the gasket, brew time, a half pot,
/// the lid, the pressure, the flame's size, weights in other units.
extension MokaKnowledge {
  /// Steam or hissing from the safety valve, or tampering with it, while coffee still comes up.
  static let valve = Topic(
    name: "valve",
    asks: { question, context in
      // Right after such a question, asking why means asking its causes.
      // (Or whether it is dangerous, or what to do now: the same answer, safety first.)
      let asksWhy =
        says(
          question,
          [
            "why", "what caused", "what made", "cause", "how come", "dangerous", "danger", "safe", "explode*", "burst",
            "what should i do", "what do i do", "what now", "now what", "what next",
          ])
        && question.words.count <= 8
      if asksWhy, MokaVocabulary.problem(in: question) == nil, !says(question, findWords),
        let earlier = context.earlierQuestions.last, valveAlarm(Utterance(earlier))
      {
        return true
      }
      // Whether a moka pot can explode: the same safety answer.
      let safety =
        says(question, ["explode*", "blow up", "blows up", "burst*"]) && says(question, ["moka", "pot", "it"])
        && !says(question, findWords)
      return valveAlarm(question) || safety && isQuestion(question)
    },
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

  /// Steam, hissing or tampering with the safety valve, not a fill level, a pot that brews nothing or a purchase.
  static func valveAlarm(_ question: Utterance) -> Bool {
    let alarm = [
      "hiss*", "steam*", "whistl*", "spray*", "spit*", "puff*", "shoot*", "explod*", "normal", "worried", "worry", "danger*",
      "safe", "block*", "tighten*", "plug*", "cover*", "tape", "broken", "faulty", "working", "fail*", "damaged",
    ]
    if stuckValve(question), !says(question, findWords) { return true }
    return says(question, ["valve"]) && says(question, alarm) && !says(question, noFlowWords + findWords)
      && !says(question, ["fill*", "water level", "water line", "above", "over the", "below", "under"])
  }

  /// Whether a damaged pot may still be used.
  static let keepUsing = Topic(
    name: "keepUsing",
    asks: { question, context in
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
    asks: { question, _ in
      // Up to where the water goes, asked with the valve or without a pot size (a pot size asks for the recipe).
      let level = says(
        question, ["how high", "how far up", "to what level", "level", "line", "the top"])
      // (Filling with water names the chamber without saying it.)
      let water =
        says(question, ["fill*", "water"]) && says(question, ["bottom", "base", "boiler", "chamber", "tank", "reservoir"])
        || says(question, ["fill*"]) && says(question, ["water"])
      return isQuestion(question)
        && (says(question, ["valve"])
          && says(question, ["fill*", "water level", "water line", "above", "over the", "how much water"])
          || water && level && MokaToolRules.cups(in: question) == nil)
    },
    answer: { _ in
      "Fill the bottom chamber with water up to just below the safety valve, never above it: water over the valve can "
        + "block it and spurt out under pressure, and the coffee comes out watery."
    })

  static let tamping = Topic(
    name: "tamping",
    asks: { question, _ in
      says(
        question,
        ["tamp*", "press* down", "press* it", "press* the", "push* down", "pack* down", "pack* the", "pack* it", "compress*"])
        && isQuestion(question) && !says(question, noFlowWords)
    },
    answer: { _ in
      "No: a moka pot is not an espresso machine. Fill the basket to the rim, level it with a finger without pressing, and "
        + "wipe the edge. Tamping packs the coffee too tight for the moka's low pressure: it chokes the flow, tastes bitter, "
        + "and can make the safety valve blow."
    })

  static let grindSize = Topic(
    name: "grindSize",
    asks: { question, context in
      // In a conversation about a brewing problem, the grind is part of its fix (the brewing advice).
      let troubleshooting = context.earlierQuestions.contains { MokaVocabulary.problem(in: Utterance($0)) != nil }
      return says(
        question,
        [
          "grind size", "how fine", "how coarse", "what grind", "which grind", "grind setting", "grind for", "ground for",
        ]) && isQuestion(question) && MokaVocabulary.problem(in: question) == nil && !troubleshooting
        // With a pot size it asks for the recipe (the brewing advice), and so does a grind for the
        // bag or pot the conversation is about ("what grind for it?" after a 3-cup count).
        && MokaToolRules.cups(in: question) == nil
        && !(MokaReferences.refersBack(question) && MokaReferences.potSize(context) != nil)
    },
    answer: { _ in
      "Grind fine-medium: a little coarser than espresso and finer than for filter, about like fine table salt. Finer "
        + "chokes the flow and tastes bitter; coarser brews weak and sour."
    })

  static let waterTemperature = Topic(
    name: "waterTemperature",
    asks: { question, _ in
      says(
        question,
        [
          "hot water", "cold water", "boiling water", "boiled water", "warm water", "hot or cold", "cold or hot", "preheat*",
          "pre heat*",
        ]) && isQuestion(question)
        // (Or the water said to be hot or cold in other words: "is it better if the water I pour in is warm?")
        || says(question, ["water"]) && says(question, ["hot", "cold", "warm", "boil*", "temperature"])
          && says(question, ["should", "do i", "can i", "better", "what"]) && isQuestion(question)
          && MokaVocabulary.problem(in: question) == nil && !says(question, findWords)
    },
    answer: { _ in
      "Start with hot water, just off the boil, in the bottom chamber: the coffee brews sooner, so the grounds spend less "
        + "time heating on the stove and taste less bitter or metallic. Hold the hot base with a cloth when you close it."
    })

  static let offTheHeat = Topic(
    name: "offTheHeat",
    asks: { question, _ in
      says(
        question,
        [
          "off the heat", "off the stove", "off the hob", "off the flame", "off the fire", "take it off", "remove it",
          "when is it done",
          "when its done", "when to stop",
        ]) && says(question, ["when", "how long"])
        // Or whether it can stay on the heat once done.
        || says(question, ["leave*", "keep*", "stay*"])
          && says(
            question, ["on the stove", "on the heat", "on the hob", "on the burner", "on the flame", "on the gas", "on the fire"])
          && says(question, ["after", "once", "finish*", "done", "ready"])
    },
    answer: { question in
      (says(question, ["leave*", "keep*", "stay*"]) ? "No: do not leave it on the heat once it is done. " : "")
        + "Take it off the heat as soon as the stream turns pale and starts to gurgle, with the top chamber about three-quarters "
        + "full; cool the base under cold water to stop the brew. Left on, it sputters and the last of it tastes burnt."
    })

  /// Where the moka pot comes from.
  static let history = Topic(
    name: "history",
    asks: { question, _ in
      says(question, ["invent*", "history", "who made the first", "who designed", "who created", "origin of the moka"])
        && says(question, ["moka", "bialetti", "stovetop", "stove top", "caffettiera"]) && !says(question, findWords)
    },
    answer: { _ in
      "The moka pot was invented in Italy in 1933: Alfonso Bialetti patented it, from a design by the engineer Luigi De "
        + "Ponti, and Bialetti's eight-sided aluminium Moka Express is still the classic shape."
    })

  static let gasket = Topic(
    name: "gasket",
    asks: { question, _ in
      says(question, ["gasket*", "seal", "seals", "rubber ring"])
        && says(question, ["how often", "how long", "when should", "when do", "replace*", "change*", "last"])
        && !says(question, findWords) && isQuestion(question)
    },
    answer: { _ in
      "Replace the gasket about once a year with daily use, or sooner when it is hard, cracked, flattened or leaks between "
        + "the chambers; change the filter plate when it is bent or clogged. Buy the gasket for your pot's size in cups."
    })

  static let brewTime = Topic(
    name: "brewTime",
    asks: { question, _ in
      says(question, ["how long", "how many minutes", "how much time"]) && says(question, ["brew*", "take", "takes", "moka"])
        && !says(question, ["last", "left", "keep", "fresh*", "store", "stale", "rest*", "open"])
    },
    answer: { _ in
      "About 5 minutes on medium-low heat from hot water (longer from cold): coffee starts to rise after 2 to 3 minutes "
        + "and the brew is done a minute or two later, when it turns pale and gurgles."
    })

  static let halfPot = Topic(
    name: "halfPot",
    asks: { question, _ in
      says(question, ["half", "less coffee", "fewer cups", "smaller amount", "not full"])
        && says(question, ["pot", "basket", "fill*", "brew*", "moka", "cup"]) && isQuestion(question)
    },
    answer: { _ in
      "Not really: a moka pot brews best with the basket full and level and the water just below the valve. A half-full "
        + "basket brews weak and uneven; for less coffee use a reducer filter made for your pot, or a smaller pot."
    })

  static let lid = Topic(
    name: "lid",
    asks: { question, _ in
      says(question, ["lid"]) && says(question, ["open", "opened", "closed", "close", "shut", "up", "down"])
        && isQuestion(question)
    },
    answer: { _ in
      "Brew with the lid open so you can watch the flow, and close it (or take the pot off) as soon as it turns pale and "
        + "starts to gurgle; closing it early keeps the coffee hot but hides the moment to stop."
    })

  /// How much pressure a moka pot brews at, against an espresso machine.
  static let pressure = Topic(
    name: "pressure",
    asks: { question, _ in
      // ("Bar" alone is a cafe: pressure is named, or counted in bars.)
      (says(question, ["pressure"]) || says(question, ["how many bar*", "9 bar*", "nine bar*", "1 bar*", "one bar"]))
        && isQuestion(question) && MokaVocabulary.problem(in: question) == nil
        && says(question, ["how much", "how many", "what", "compare*", "than", "versus", "vs", "espresso", "enough"])
        && !says(question, findWords + ["valve"])
    },
    answer: { _ in
      "A moka pot brews at about 1 to 1.5 bar, pushed by steam in the bottom chamber; an espresso machine presses water "
        + "through the coffee at about 9 bar. So moka coffee is strong but is not espresso: little crema, a coarser grind, "
        + "and no tamping."
    })

  /// How big the flame should be under the pot.
  static let flameSize = Topic(
    name: "flameSize",
    asks: { question, _ in
      says(question, ["flame", "flames", "burner", "ring", "gas", "hob", "heat"])
        && says(
          question,
          [
            "bigger", "larger", "wider", "smaller", "how big", "size", "sides", "up the side", "full blast", "maximum", "max",
            "high or low", "low or high", "how high", "high heat", "low heat",
          ])
        && isQuestion(question) && MokaVocabulary.problem(in: question) == nil && MokaToolRules.cups(in: question) == nil
        && !says(question, findWords)
    },
    answer: { _ in
      "Keep the flame smaller than the pot's base, never licking up its sides, on medium-low heat: a flame wider than "
        + "the base overheats the coffee, which tastes burnt, and scorches the handle. On a big gas ring use the smallest "
        + "burner, or a reducer plate."
    })

  /// A weight in other units: ounces or spoons in grams.
  static let units = Topic(
    name: "units",
    asks: { question, _ in
      says(question, ["gram*", "g"]) && says(question, ["ounce*", "oz", "tablespoon*", "teaspoon*", "spoon*", "scoop*"])
        && says(question, ["how many", "how much", "in an", "in a", "to", "convert*", "equal*", "is"])
        && MokaToolRules.cups(in: question) == nil
    },
    answer: { question in
      says(question, ["ounce*", "oz"])
        ? "An ounce is about 28 g (28.35 g): a 3-cup moka's 16 g dose is a little over half an ounce."
        : "A level tablespoon of ground coffee weighs about 5 g and a teaspoon about 2 g: weigh it once to know your own spoon."
    })
}
