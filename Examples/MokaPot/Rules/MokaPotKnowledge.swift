import RistrettoRules

/// What a barista knows about the pot itself, without a tool: where its name comes from, whether
/// its coffee is espresso, opening it hot, how to tell stale beans, and a short poem when asked.
extension MokaKnowledge {
  /// Words that name the pot.
  static let potWords = ["moka", "mokas", "bialetti", "stovetop", "stove top", "caffettiera", "macchinetta"]

  /// Where the name "moka" comes from.
  static let name = Topic(
    name: "name",
    answer: { _ in
      "It is named after Mocha (al-Makha), the Yemeni port that was the world's great coffee market for two centuries. "
        + "Alfonso Bialetti's Moka Express of 1933 took the name, and in Italy moka now means the pot itself."
    })

  /// Whether moka coffee is espresso.
  static let espressoOrNot = Topic(
    name: "espressoOrNot",
    answer: { _ in
      "Not quite: a moka pot brews at about 1 to 1.5 bar, pushed by steam, while an espresso machine presses water through "
        + "the coffee at about 9 bar. Moka coffee is strong and espresso-like, with little crema; a stovetop "
        + "classic, not a true espresso."
    })

  /// Opening or unscrewing the pot right after brewing.
  static let openingHot = Topic(
    name: "openingHot",
    answer: { _ in
      "Wait a few minutes: right after brewing the pot is very hot and the bottom chamber is still under some pressure. "
        + "Let it cool, or run cold water over the base, and hold it with a cloth or towel before you unscrew it."
    })

  /// How to tell that beans have gone stale.
  static let staleSigns = Topic(
    name: "staleSigns",
    answer: { _ in
      "Stale beans smell flat, papery or like cardboard instead of sweet and fragrant, and brew a dull, hollow cup with "
        + "little aroma. The roast date tells you most: beans are at their best from a few days to about a month "
        + "after roasting, and a couple of weeks after opening."
    })

  /// Cold brew, which a moka does not make.
  static let coldBrew = Topic(
    name: "coldBrew",
    answer: { _ in
      "Cold brew is not made in a moka: steep coarsely ground coffee in cold water (about 1 g to 8 ml) for 12 to 18 hours, "
        + "in the fridge or overnight, then filter it. For iced coffee from the moka, brew as usual and pour it over ice."
    })

  /// Whether so much coffee is bad for one's health: general guidance, and a doctor for the rest.
  /// Whether an aluminium pot is safe to brew in.
  static let aluminium = Topic(
    name: "aluminium",
    answer: { _ in
      "An aluminium moka pot is safe for everyday brewing: coffee takes up only traces of aluminium, well below safety "
        + "limits, and less once the pot has its coffee patina. Rinse it with water rather than scouring it or putting it "
        + "in the dishwasher, don't store coffee in it, and replace a pot that is pitted or corroded inside. If you'd rather "
        + "avoid aluminium, a stainless steel moka brews the same way (and works on induction)."
    })

  static let health = Topic(
    name: "health",
    answer: { _ in
      "A moka cup holds roughly 60 to 100 mg of caffeine, and up to about 400 mg a day is considered safe for most "
        + "healthy adults, so three or four cups is moderate. With a heart condition, high blood pressure or a pregnancy, "
        + "ask your doctor: I can't give medical advice."
    })

  /// Milk in the moka, which it cannot brew.
  static let milkInPot = Topic(
    name: "milkInPot",
    answer: { _ in
      "No: never put milk in the moka's base or basket. It scorches, clogs the filter and the safety valve, and can block "
        + "the pressure release. Brew the coffee with water as usual and heat or froth the milk separately for a latte."
    })

  /// What a moka pot is and how it brews.
  static let howItWorks = Topic(
    name: "howItWorks",
    answer: { _ in
      "A moka pot is a stovetop brewer in three parts: water in the bottom chamber, ground coffee in the funnel basket "
        + "above it, and the collecting chamber on top. As the water heats, the steam's pressure (about 1 to 1.5 bar) "
        + "pushes it up through the coffee and out of the spout into the top: a strong, espresso-like coffee."
    })

  /// Fitting a new gasket, step by step.
  static let gasketFitting = Topic(
    name: "gasketFitting",
    answer: { _ in
      "To fit a new gasket: unscrew the pot, pry the old gasket and the filter plate out of the top chamber's groove with "
        + "a blunt knife or a small screwdriver, and clean the groove. Press the filter plate back in, then the new "
        + "gasket on top of it, evenly all round with your thumbs until it sits flat in its seat. Brew one pot and throw "
        + "it away."
    })

  /// Which gasket or filter plate fits a pot.
  static let partSize = Topic(
    name: "partSize",
    answer: { _ in
      "Gaskets and filter plates are sized by the pot's brand and cup size: a 6-cup pot takes 6-cup parts of its own "
        + "brand (Bialetti's differ from other makers'). Check the size on the pot's base, measure the old part's outer "
        + "diameter, or bring the old one to the shop to match it."
    })

  /// Whether a roast suits the moka ("do light roasts work in a moka?").
  static let roastInMoka = Topic(
    name: "roastInMoka",
    answer: { _ in
      "Yes: every roast works in a moka pot, ground fine-medium. A light roast brews bright and acidic (grind a little "
        + "finer, start with hot water and keep the heat steady); a medium roast is the most forgiving; a dark one is full "
        + "and bitter-sweet (a touch coarser, low heat)."
    })

  /// A handle come loose or scorched.
  static let handle = Topic(
    name: "handle",
    answer: { _ in
      "A loose handle: tighten the screw that holds it (under the handle or inside the top chamber), snugly but not "
        + "hard on plastic. A melted or scorched handle means the flame reaches up the side: keep the flame smaller than "
        + "the pot's base. Replace a handle that is cracked or badly melted; shops sell spare handles by pot size."
    })

  /// A milk drink made with the moka's coffee: the pot brews the coffee, the milk is heated apart.
  static let milkDrinks = Topic(
    name: "milkDrinks",
    answer: { _ in
      "Yes, with the milk done apart: brew the moka as usual, then heat the milk in a pan or the microwave and froth it "
        + "with a hand frother, a whisk or by shaking it in a closed jar (the moka cannot steam milk). About one part "
        + "coffee to three of milk makes a latte; less milk and more foam, a cappuccino."
    })

  /// A short poem about the pot, when one is asked for.
  static let poem = Topic(
    name: "poem",
    answer: { _ in
      "Water warms below, / steam climbs through the coffee bed, / the moka gurgles: done."
    })
}
