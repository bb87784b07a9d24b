import RistrettoRules

/// What a barista knows about the pot itself, without a tool: where its name comes from, whether
/// its coffee is espresso, opening it hot, how to tell stale beans, and a short poem when asked.
extension MokaKnowledge {
  /// Words that name the pot.
  static let potWords = ["moka", "mokas", "bialetti", "stovetop", "stove top", "caffettiera", "macchinetta"]

  /// Where the name "moka" comes from.
  static let name = Topic(
    name: "name",
    asks: { question, _ in
      says(
        question,
        [
          "called", "named", "name come from", "name mean", "the name", "its name", "word moka", "moka mean",
        ]) && says(question, potWords) && isQuestion(question)
        && !says(question, findWords + ["open", "shop", "cafe", "store", "roaster"])
    },
    answer: { _ in
      "It is named after Mocha (al-Makha), the Yemeni port that was the world's great coffee market for two centuries. "
        + "Alfonso Bialetti's Moka Express of 1933 took the name, and in Italy moka now means the pot itself."
    })

  /// Whether moka coffee is espresso.
  static let espressoOrNot = Topic(
    name: "espressoOrNot",
    asks: { question, _ in
      says(question, ["espresso"]) && says(question, potWords + ["stovetop coffee"]) && isQuestion(question)
        && says(
          question,
          [
            "is moka", "is it", "moka coffee espresso", "same as", "same thing", "real espresso", "true espresso",
            "proper espresso", "count as", "counts as", "considered", "the difference", "different from", "vs", "versus",
          ])
        && !says(question, findWords + ["recipe", "dose", "grind", "beans", "bean", "roast"])
        && MokaVocabulary.problem(in: question) == nil
    },
    answer: { _ in
      "Not quite: a moka pot brews at about 1 to 1.5 bar, pushed by steam, while an espresso machine presses water through "
        + "the coffee at about 9 bar. Moka coffee is strong and espresso-like, with little crema; a stovetop "
        + "classic, not a true espresso."
    })

  /// Opening or unscrewing the pot right after brewing.
  static let openingHot = Topic(
    name: "openingHot",
    asks: { question, _ in
      says(question, ["unscrew*", "open it", "open the pot", "open the moka", "take it apart", "take apart", "disassembl*"])
        && says(
          question,
          [
            "after brewing", "right after", "straight after", "just after", "immediately", "still hot", "while hot",
            "while its hot", "when its hot", "hot",
          ])
        && isQuestion(question) && !says(question, findWords)
    },
    answer: { _ in
      "Wait a few minutes: right after brewing the pot is very hot and the bottom chamber is still under some pressure. "
        + "Let it cool, or run cold water over the base, and hold it with a cloth or towel before you unscrew it."
    })

  /// How to tell that beans have gone stale.
  static let staleSigns = Topic(
    name: "staleSigns",
    asks: { question, _ in
      says(question, ["stale", "gone off", "past their best", "past its best", "old beans"])
        && says(
          question,
          [
            "how do i tell", "how can i tell", "how to tell", "how do i know", "how can i know", "how to know", "signs",
            "sign", "what does stale", "how do you tell", "how do you know",
          ])
        && !says(question, ["my bag", "my bags", "cupboard", "left"])
    },
    answer: { _ in
      "Stale beans smell flat, papery or like cardboard instead of sweet and fragrant, and brew a dull, hollow cup with "
        + "little aroma. The roast date tells you most: beans are at their best from a few days to about a month "
        + "after roasting, and a couple of weeks after opening."
    })

  /// Cold brew, which a moka does not make.
  static let coldBrew = Topic(
    name: "coldBrew",
    asks: { question, _ in
      says(question, ["cold brew", "cold brewed", "cold-brew", "coldbrew"]) && isQuestion(question)
        && !says(question, findWords)
    },
    answer: { _ in
      "Cold brew is not made in a moka: steep coarsely ground coffee in cold water (about 1 g to 8 ml) for 12 to 18 hours, "
        + "in the fridge or overnight, then filter it. For iced coffee from the moka, brew as usual and pour it over ice."
    })

  /// Whether so much coffee is bad for one's health: general guidance, and a doctor for the rest.
  /// Whether an aluminium pot is safe to brew in.
  static let aluminium = Topic(
    name: "aluminium",
    asks: { question, _ in
      says(question, ["aluminium", "aluminum"])
        && says(
          question,
          [
            "safe", "safety", "bad", "healthy", "unhealthy", "harmful", "toxic", "poison*", "alzheimer*", "leach*", "worried",
            "dangerous", "health",
          ])
        && !says(question, findWords + ["induction", "taste*", "tasting"])
    },
    answer: { _ in
      "An aluminium moka pot is safe for everyday brewing: coffee takes up only traces of aluminium, well below safety "
        + "limits, and less once the pot has its coffee patina. Rinse it with water rather than scouring it or putting it "
        + "in the dishwasher, don't store coffee in it, and replace a pot that is pitted or corroded inside. If you'd rather "
        + "avoid aluminium, a stainless steel moka brews the same way (and works on induction)."
    })

  static let health = Topic(
    name: "health",
    asks: { question, _ in
      says(question, ["bad for", "good for", "healthy", "unhealthy", "harmful", "too much coffee", "too much caffeine"])
        && says(question, ["heart", "health", "me", "my body", "blood pressure", "pregnan*", "sleep", "a day", "per day"])
        && isQuestion(question) && !says(question, findWords + ["stomach"])
    },
    answer: { _ in
      "A moka cup holds roughly 60 to 100 mg of caffeine, and up to about 400 mg a day is considered safe for most "
        + "healthy adults, so three or four cups is moderate. With a heart condition, high blood pressure or a pregnancy, "
        + "ask your doctor: I can't give medical advice."
    })

  /// Milk in the moka, which it cannot brew.
  static let milkInPot = Topic(
    name: "milkInPot",
    asks: { question, _ in
      says(question, ["milk"]) && says(question, potWords + ["base", "bottom chamber", "basket", "instead of water"])
        && says(
          question,
          [
            "heat milk", "put milk", "use milk", "milk instead", "brew milk", "boil milk", "milk in the base",
            "milk in the bottom",
          ])
        && isQuestion(question) && !says(question, findWords)
    },
    answer: { _ in
      "No: never put milk in the moka's base or basket. It scorches, clogs the filter and the safety valve, and can block "
        + "the pressure release. Brew the coffee with water as usual and heat or froth the milk separately for a latte."
    })

  /// What a moka pot is and how it brews.
  static let howItWorks = Topic(
    name: "howItWorks",
    asks: { question, _ in
      says(question, potWords + ["stovetop pot"])
        && (says(question, ["how does it work", "how do they work", "how does a moka", "what is a moka", "whats a moka"])
          || says(question, ["how"]) && says(question, ["works", "work"]) && says(question, ["explain", "does", "it"]))
        && !says(question, findWords) && MokaVocabulary.problem(in: question) == nil
    },
    answer: { _ in
      "A moka pot is a stovetop brewer in three parts: water in the bottom chamber, ground coffee in the funnel basket "
        + "above it, and the collecting chamber on top. As the water heats, the steam's pressure (about 1 to 1.5 bar) "
        + "pushes it up through the coffee and out of the spout into the top: a strong, espresso-like coffee."
    })

  /// Fitting a new gasket, step by step.
  static let gasketFitting = Topic(
    name: "gasketFitting",
    asks: { question, context in
      let part = ["gasket*", "seal", "seals", "rubber ring"]
      let about = says(question, part) || context.earlierQuestions.suffix(2).contains { says(Utterance($0), part) }
      return about
        && says(question, ["fit*", "swap*", "install*", "put in", "put on", "change it", "replace it", "do it myself", "myself"])
        && says(question, ["how do i", "how to", "how can i", "how should i", "tips", "tip", "steps"])
        && !says(question, findWords + ["how long", "how often", "when"])
    },
    answer: { _ in
      "To fit a new gasket: unscrew the pot, pry the old gasket and the filter plate out of the top chamber's groove with "
        + "a blunt knife or a small screwdriver, and clean the groove. Press the filter plate back in, then the new "
        + "gasket on top of it, evenly all round with your thumbs until it sits flat in its seat. Brew one pot and throw "
        + "it away."
    })

  /// Which gasket or filter plate fits a pot.
  static let partSize = Topic(
    name: "partSize",
    asks: { question, _ in
      says(question, ["gasket*", "seal", "seals", "rubber ring", "filter plate*", "funnel*", "basket*"])
        && says(question, ["what size", "which size", "size", "sizes", "fits", "fit my"])
        && !says(question, findWords + ["how do i fit", "how to fit"])
    },
    answer: { _ in
      "Gaskets and filter plates are sized by the pot's brand and cup size: a 6-cup pot takes 6-cup parts of its own "
        + "brand (Bialetti's differ from other makers'). Check the size on the pot's base, measure the old part's outer "
        + "diameter, or bring the old one to the shop to match it."
    })

  /// Whether a roast suits the moka ("do light roasts work in a moka?").
  static let roastInMoka = Topic(
    name: "roastInMoka",
    asks: { question, _ in
      MokaVocabulary.roast(in: question) != nil && says(question, potWords)
        && says(question, ["work", "works", "good in", "ok in", "okay in", "fine in", "suit*", "any good"])
        && ["do", "does", "can", "will", "would", "is", "are"].contains(question.words.first ?? "")
        && !says(question, findWords + ["recommend*", "suggest*", "which bean*", "show*", "best"])
    },
    answer: { _ in
      "Yes: every roast works in a moka pot, ground fine-medium. A light roast brews bright and acidic (grind a little "
        + "finer, start with hot water and keep the heat steady); a medium roast is the most forgiving; a dark one is full "
        + "and bitter-sweet (a touch coarser, low heat)."
    })

  /// A handle come loose or scorched.
  static let handle = Topic(
    name: "handle",
    asks: { question, _ in
      says(question, ["handle", "handles", "knob"])
        && says(question, ["loose", "wobbl*", "melt*", "burn*", "scorch*", "hot", "broke*", "crack*"])
        && !says(question, findWords + ["new one", "replacement", "spare"])
    },
    answer: { _ in
      "A loose handle: tighten the screw that holds it (under the handle or inside the top chamber), snugly but not "
        + "hard on plastic. A melted or scorched handle means the flame reaches up the side: keep the flame smaller than "
        + "the pot's base. Replace a handle that is cracked or badly melted; shops sell spare handles by pot size."
    })

  /// A milk drink made with the moka's coffee: the pot brews the coffee, the milk is heated apart.
  static let milkDrinks = Topic(
    name: "milkDrinks",
    asks: { question, _ in
      says(question, ["latte", "lattes", "cappuccino*", "flat white", "cortado", "macchiato", "cafe au lait", "milk drink*"])
        && says(question, potWords)
        && says(question, ["can i make", "can you make", "how do i make", "how to make", "how can i make", "possible", "make a"])
        && !says(question, findWords + ["bean", "beans", "roast*"])
    },
    answer: { _ in
      "Yes, with the milk done apart: brew the moka as usual, then heat the milk in a pan or the microwave and froth it "
        + "with a hand frother, a whisk or by shaking it in a closed jar (the moka cannot steam milk). About one part "
        + "coffee to three of milk makes a latte; less milk and more foam, a cappuccino."
    })

  /// A short poem about the pot, when one is asked for.
  static let poem = Topic(
    name: "poem",
    asks: { question, _ in
      says(question, ["haiku", "poem", "limerick", "sonnet", "rhyme", "verse"])
        && says(question, ["write", "compose", "make up", "give me", "tell me"])
    },
    answer: { _ in
      "Water warms below, / steam climbs through the coffee bed, / the moka gurgles: done."
    })
}
