import RistrettoRules

/// What a barista knows about beans and drinks without a tool: processes, caffeine, species,
/// roast levels, storing beans, Italian drinks.
extension MokaKnowledge {
  /// What each processing method does, for the methods a question names.
  static let processNotes: [(process: String, text: String)] = [
    (
      "washed",
      "Washed: the skin and fruit pulp are removed and the seeds fermented and washed clean before drying; the cup is clean, "
        + "bright and clear, with crisp acidity."
    ),
    (
      "natural",
      "Natural (dry process): the whole cherry dries with its fruit on, so the seed takes up its sugars; the cup is fruity, "
        + "sweet and heavier, often berry or winey."
    ),
    (
      "honey",
      "Honey: the skin is removed but some of the sticky fruit pulp (mucilage) stays on while the seed dries; the cup sits in "
        + "between, sweet with a rounder body and softer acidity than washed."
    ),
    (
      "anaerobic",
      "Anaerobic: the cherries or seeds ferment in sealed tanks without oxygen before drying; the cup is intense and funky, "
        + "winey or tropical."
    ),
    (
      "wetHulled",
      "Wet-hulled (giling basah, in Indonesia): the parchment comes off while the seed is still wet; the cup is earthy, "
        + "heavy-bodied and low in acidity."
    ),
    (
      "semiWashed",
      "Semi-washed (pulped natural): the skin comes off and the seed dries with its pulp, much like honey; sweet and "
        + "full-bodied."
    ),
  ]

  static let processes = Topic(
    name: "processes",
    answer: { question in
      let named = MokaVocabulary.processes.filter { entry in says(question, entry.words) }.map(\.process)
      let texts = processNotes.filter { named.contains($0.process) }.map(\.text)
      return texts.joined(separator: " ") + " Ask for beans by process and I will search the corpus."
    })

  static let caffeine = Topic(
    name: "caffeine",
    answer: { _ in
      "Roast level barely changes the caffeine: a light and a dark roast hold about the same per bean (dark is slightly "
        + "lighter, so by weight a little less). The species matters more: robusta has about twice the caffeine of arabica. "
        + "A moka cup of about 50 ml holds roughly 60 to 100 mg."
    })

  static let species = Topic(
    name: "species",
    answer: { _ in
      "Arabica is sweeter and more aromatic, with more acidity; robusta is more bitter and earthy, with a heavier body, a "
        + "thicker crema and about twice the caffeine. Southern Italian espresso blends often add some robusta for body."
    })

  /// Which roast suits a moka, asked without naming any bean to look for.
  static let roastChoice = Topic(
    name: "roastChoice",
    answer: { _ in
      "For a moka, start with a medium or medium-dark roast: it is forgiving, sweet and chocolatey in the moka's strong, "
        + "concentrated cup. Light roasts can taste sour in a moka, very dark ones bitter. Ask for beans of a roast and I "
        + "will search the corpus."
    })

  /// Whether the bean just shown suits a moka pot: every bean does; its roast says how it tastes.
  static let suitsMoka = Topic(
    name: "suitsMoka",
    asksInContext: { question, context in
      MokaReferences.lastKind(context) == "beans" && MokaReferences.refersBack(question)
        // ("Ok, which one…" opens a question: the words must be about the pot.)
        && says(
          question,
          ["work", "works", "good in", "good for", "suit*", "ok in", "ok for", "okay in", "okay for", "fine in", "fine for"])
        && !says(question, ["most", "least", "which one", "which of"])
        && says(question, ["moka", "stovetop", "my pot", "a pot"])
        && isQuestion(question) && MokaVocabulary.problem(in: question) == nil && !says(question, findWords)
    },
    answer: { _ in
      "Yes: any bean works in a moka pot, ground fine-medium. A light roast brews bright and acidic (grind a little finer "
        + "and keep the heat steady), a dark one full and chocolatey (a touch coarser, low heat)."
    })

  /// What the colours of honey processing mean.
  static let honeyGrades = Topic(
    name: "honeyGrades",
    answer: { _ in
      "Honey grades say how much of the sticky fruit pulp stays on the seed while it dries: white and yellow honey keep "
        + "little and dry fastest, red more, black the most and dries slowest. The more pulp left on, the sweeter, heavier "
        + "and fruitier the cup, and the darker the dried parchment."
    })

  /// What a peaberry is.
  static let peaberry = Topic(
    name: "peaberry",
    answer: { _ in
      "A peaberry is a coffee cherry that grew a single round seed instead of the usual two flat-sided ones (about one "
        + "bean in twenty). Sorted out and roasted on their own, peaberries roast evenly and are often sold as a sweet, "
        + "bright lot, as in Kenya and Tanzania."
    })

  static let storage = Topic(
    name: "storage",
    answer: { _ in
      "Beans go stale as their aroma oxidises and their CO2 escapes: most taste flat a month after roasting (a sealed bag "
        + "with a one-way valve holds up a few weeks longer), and ground "
        + "coffee within days. Keep them whole, airtight, cool and dark, and grind just before brewing; freezing helps if "
        + "you freeze sealed portions and never refreeze, but the fridge does not (moisture and odours)."
    })

  /// How roast levels differ, asked as a comparison of two of them.
  static let roasts = Topic(
    name: "roasts",
    answer: { _ in
      "Light roasts keep more of the bean's origin: bright, fruity or floral, with more acidity, and in a moka they can "
        + "taste sour unless ground a little finer and started with hot water. Dark roasts are heavier and bittersweet, "
        + "chocolatey and low in acidity, the classic Italian moka cup; medium sits between and is the easiest start."
    })

  /// Classic coffee drinks of Italy (the assistant's home), explained.
  static let drinkNotes: [(name: String, text: String)] = [
    (
      "bicerin",
      "A bicerin is Turin's classic hot drink: espresso, thick hot chocolate and cream layered in a small glass, not stirred."
    ),
    ("marocchino", "A marocchino is an espresso with cocoa powder and a little milk foam, served in a small glass."),
    ("corretto", "A caffè corretto is an espresso 'corrected' with a shot of grappa or another spirit."),
    ("ristretto", "A ristretto is a short espresso: the same dose with about half the water, sweeter and more intense."),
  ]

  static let drinks = Topic(
    name: "drinks",
    answer: { question in
      drinkNotes.filter { says(question, [$0.name]) }.map(\.text).joined(separator: " ")
    })
}
