import RistrettoRules

/// The bean topics written in code: the processes and drinks a question names (answers that read
/// the question), and whether the bean just shown suits a moka (asked when the conversation says
/// so). The fixed answers of the other topics are data (`knowledge.json`).
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
