import Foundation
import Ristretto
import RistrettoRules

/// When the rule-based model calls each moka tool, and the arguments it proposes. Tool choice is
/// learned from the labelled sets (``MokaLearning/toolChooser(tools:)``); what a rule adds is
/// the data's vocabularies (origins, roasts, flavours, brewing problems, what the shops sell) and
/// what the conversation so far implies, never phrases lifted from a labelled question.
enum MokaToolRules {
  static func rules(tags: MokaTags, bagNames: NameIndex) -> [ToolRule] {
    let written = [
      quiz, choices, cupboard(bagNames: bagNames, tags: tags), brewAdvice(bagNames: bagNames), searchBeans(tags: tags), webSearch,
      nearbyCafes(tags: tags),
    ]
    let chooser = MokaLearning.toolChooser(tools: written.map(\.tool))
    return written.scored(by: chooser, weight: learnedWeight)
  }

  /// The weight of the learned chooser's probability in a rule's score (the minimum score is 1).
  static let learnedWeight = 8.0

  /// The quiz: asked for by name, asked to work out what the user likes or what would suit them,
  /// or answered (flavours liked) right after its questions.
  static let quiz = ToolRule(
    tool: "tasteQuiz",
    triggers: [],
    contextScore: { utterance, context in
      let answersQuiz = context.earlierResults.last?.tool == "tasteQuiz" && context.earlierResults.last?.status == "questions"
      // Flavours liked, with what to look for asked ("…, that's what I enjoy: what should I look
      // for?"): a taste profile, not a bean list. (Flavours only stated, "I like floral coffee",
      // are a search: the sets disagree, and a search shows beans at once.)
      let likes = !MokaVocabulary.likes(in: utterance).isEmpty
      let asksProfile = utterance.matchesAny([
        "look for", "my thing", "which roast", "what roast", "which process", "what process", "profile", "id enjoy",
        "what kind of coffee", "what type of coffee", "sort of roast", "kind of roast", "type of roast", "roast should i",
      ])
      // (Options to pick from are the choices tool's: "not sure what I like, give me options".)
      if utterance.matchesAny(["options", "pick from", "choose from", "choices"]) { return -6 }
      // "What kind of coffee drinker am I?": the user asks what their own taste is.
      let words = utterance.words
      let asksSelf =
        zip(words, words.dropFirst()).contains { $0 == ("am", "i") }
        && utterance.matchesAny(["profile", "type", "kind", "drinker", "taste"])
      // (Flavours liked with what to look for asked outweigh the flavours' own pull to a search.)
      // (Unless a bean is what to look for: "suggest beans to look for, I like caramel".)
      let asksBean = utterance.matchesAny(["recommend*", "suggest*", "which bean*", "show me"])
      if likes && asksProfile && !asksBean { return 10 }
      // Two or more flavours liked, stated with nothing else to search by ("I love berries, citrus and
      // floral flavours"): a taste profile. (One note, an origin, a roast, or beans asked for: a search.)
      let states = utterance.matchesAny(["i like", "i love", "i enjoy", "i prefer", "im into", "is my thing", "i really like"])
      let searchable =
        MokaVocabulary.origin(in: utterance) != nil || MokaVocabulary.process(in: utterance) != nil
        || MokaVocabulary.roast(in: utterance) != nil || preference(in: utterance) != nil
        || utterance.matchesAny(["notes", "note", "suggest*", "recommend*", "which bean*", "have you got", "got any", "show me"])
      if states, Set(MokaVocabulary.likes(in: utterance)).count >= 2, !searchable, !asksBean { return 10 }
      return (answersQuiz && likes) || asksSelf ? 8 : 0
    }
  ) { utterance, _ in
    GeneratedContent(properties: ["likes": MokaVocabulary.likes(in: utterance)])
  }

  static let choices = ToolRule(
    tool: "offerChoices",
    triggers: .weighted(
      3,
      [
        "help me choose", "help me decide", "help me pick", "not sure", "dont know", "pick for me", "surprise me", "no idea",
      ], fuzzy: false) + .weighted(5, ["cant decide", "cannot decide", "undecided", "torn between"], fuzzy: false),
  ) { utterance, _ in
    // Alternatives named ("fruity or chocolatey"): those are the options.
    let roasts = MokaVocabulary.roasts.filter { utterance.matchesAny($0.words) }.map(\.roast)
    if roasts.count >= 2 {
      return GeneratedContent(properties: [
        "question": "Which roast would you like?",
        "options": roasts.prefix(4).map { $0.prefix(1).uppercased() + $0.dropFirst() + " roast" },
      ])
    }
    let named = MokaVocabulary.likes(in: utterance)
    if named.count >= 2 {
      return GeneratedContent(properties: [
        "question": "Which do you prefer?", "options": Array(named.prefix(4).map { $0.prefix(1).uppercased() + $0.dropFirst() }),
      ])
    }
    if utterance.matches("roast") {
      return GeneratedContent(properties: [
        "question": "Which roast do you want to explore?",
        "options": ["Light and bright", "Medium and balanced", "Dark and chocolatey"],
      ])
    }
    // Not sure what one likes: the flavour families to start from.
    // (Or a bean to choose: "pick a bean for me".)
    if utterance.matchesAny([
      "what i like", "what id like", "my taste", "flavour*", "flavor*", "what to try", "what coffee", "bean", "beans",
      "next bag", "a bag",
    ]) {
      return GeneratedContent(properties: [
        "question": "Which flavours sound best?",
        "options": ["Chocolate and nuts", "Fruit and berries", "Floral and citrus", "Caramel and sweet"],
      ])
    }
    return GeneratedContent(properties: [
      "question": "What would you like to do?",
      "options": ["Find beans I would like", "Check my cupboard", "Fix my brew", "Find a cafe nearby"],
    ])
  }

  /// Words of brewing technique, the recipe tool's.
  static let technique: [Phrase] =
    .weighted(
      2,
      [
        "brew*", "recipe", "how do i make", "how to make", "dose", "how much coffee", "how much water", "grind*", "ratio",
        "heat", "stove", "flame", "burner", "water level", "fill", "tamp*", "dial in", "dialing in", "pot size", "cup", "cups",
        "taste*", "valve", "amount of water", "amount of coffee", "how many grams", "grams of coffee",
      ], fuzzy: false)

  /// How to brew a bag in a pot size, asked with nothing about the bag itself ("what's the best
  /// way to brew the Antigua in the 9-cup?"): a recipe. (Dialling a bag in reads it first, and
  /// a question that also asks what is left or how fresh it is asks the cupboard.)
  static func asksHowToBrewABag(_ utterance: Utterance) -> Bool {
    (cups(in: utterance) != nil || potSizeWords(utterance))
      && utterance.matchesAny([
        "how should i brew", "how do i brew", "how to brew", "how would i brew", "best way to brew", "way to brew",
        "how should i make", "how do i make",
      ])
      && !utterance.matchesAny([
        "dial", "dialing", "dialling", "how much", "left", "fresh*", "stale", "enough", "have i", "do i have", "cupboard",
        "and is",
        "similar", "find me", "recommend*", "suggest*", "something", "out of",
      ])
  }

  /// Words that ask for a recipe or how to brew.
  static let recipeWords = [
    "recipe", "how to brew", "how do i brew", "how should i brew", "how to make", "brew tips", "brewing tips", "tips for brewing",
    "how to brew it", "dose", "how much coffee", "brew it",
  ]

  static func brewAdvice(bagNames: NameIndex) -> ToolRule {
    let bags = Set(bagNames.all.map { $0.lowercased() })
    return ToolRule(
      tool: "brewAdvice",
      triggers: technique + MokaVocabulary.problems.flatMap { Array<Phrase>.weighted(3, $0.phrases, fuzzy: false) },
      // A pot size asks for a recipe, unless a bag of the user's is named (then it is about the bag);
      // a brewing problem with no bean named is this tool's too.
      contextScore: { utterance, _ in
        // A bag named with a pot size and nothing to count ("the Huila, in the 2-cup"): its recipe.
        if utterance.words.contains(where: bags.contains) {
          return choosesBagForPot(utterance) ? 3 : asksHowToBrewABag(utterance) ? 6 : 0
        }
        // A dose asked ("how much coffee do I use?"), whoever has what: the recipe.
        if MokaVocabulary.asksDose(utterance), !utterance.matchesAny(["left", "enough", "cupboard", "my bag", "my bags"]) {
          return 4
        }
        // Acidity wanted in a bean is no sour brew ("the most acidic, zingy bean you have").
        if ["lowAcidity", "highAcidity"].contains(preference(in: utterance) ?? ""),
          utterance.matchesAny(["bean", "beans", "coffee you", "you have", "youve got", "you got"]),
          !utterance.matchesAny(["my coffee", "my brew", "my moka", "tastes", "came out"])
        {
          return -4
        }
        // A part to buy is no leak ("which shop has a spare gasket? and how is it fitted?"), nor a
        // leak stated beside where to get the part ("it drips at the seam; where's a new seal sold?"),
        // unless a fix is asked too.
        if MokaVocabulary.problem(in: utterance) == "leaking",
          utterance.matchesAny(MokaKnowledge.findWords + ["grab", "pick up"]),
          !utterance.matchesAny(["leak*", "drip*", "dribbl*", "seep*", "ooz*", "seam"])
            || (MokaToolRules.asksWhereToGet(utterance) || utterance.matchesAny(MokaToolRules.wherePhrases))
              && !utterance.matchesAny(["fix", "stop it", "what do i do", "what should i do"])
        {
          return -4
        }
        // (Asking how to brew so as to avoid a problem is this tool's even with a roast named:
        // "how do I brew a light roast without it going sour?")
        let howTo = utterance.matchesAny([
          "how do i brew", "how to brew", "how should i brew", "how can i brew", "how do i make", "tips", "how to make",
        ])
        let problem =
          MokaVocabulary.problem(in: utterance) != nil && (!MokaFollowUps.namesBeanFilter(utterance) || howTo) ? 2.0 : 0
        // A problem only in the second part of a two-part question comes second.
        if MokaAnswers.secondPartProblem(utterance) != nil, let head = MokaAnswers.parts(utterance)?.head,
          MokaVocabulary.problem(in: head) == nil
        {
          return -3
        }
        // A recipe asked only in the second part comes second too.
        // (When the first part asks for beans: "suggest a bean and the recipe for my 2-cup".)
        if MokaAnswers.asksRecipeToo(utterance), let head = MokaAnswers.parts(utterance)?.head,
          !head.matchesAny(recipeWords), MokaVocabulary.problem(in: head) == nil,
          MokaFollowUps.namesBeanFilter(head) || preference(in: head) != nil
            || head.matchesAny(["bean", "beans", "similar", "recommend*", "suggest*", "find", "something like"])
        {
          return -3
        }
        // (A pot's price is not a recipe; tips or a recipe asked for a pot size are, whatever the
        // beans are like: "tips for a light roast in my 2-cup".)
        let potSize = cups(in: utterance) != nil || MokaToolRules.potSizeWords(utterance)
        guard !MokaVocabulary.mentionsPrice(utterance) else { return problem }
        let recipe = potSize && utterance.matchesAny(recipeWords) ? 3.0 : 0
        return problem + (potSize ? 3 : 0) + recipe
      }
    ) { utterance, context in
      let earlier = context.latest("brewAdvice")?.arguments
      let followUp =
        earlier != nil && (MokaReferences.refersBack(utterance) || utterance.matches("still") || utterance.words.count < 7)
      let problem =
        MokaVocabulary.problem(in: utterance) ?? (followUp ? earlier.flatMap { MokaAnswers.string($0, "problem") } : nil)
      // Else the pot the conversation is about ("my 9-cup leaks", then "and now it tastes weak").
      let cups =
        cups(in: utterance) ?? (followUp ? earlier.map { MokaAnswers.int($0, "cups") } : nil)
        ?? MokaReferences.potSize(utterance, context) ?? 3
      return GeneratedContent(properties: ["cups": cups, "problem": problem ?? "none"])
    }
  }

  static func searchBeans(tags: MokaTags) -> ToolRule {
    // The data's vocabularies: long origin and roast words match with one typo.
    let origins: [Phrase] = MokaVocabulary.origins.flatMap(\.words).map { word in
      Phrase(word, weight: 2.5, fuzzy: MokaVocabulary.toleratesTypos(word))
    }
    let roasts: [Phrase] = MokaVocabulary.roasts.flatMap(\.words).map { word in
      Phrase(word, weight: 2, fuzzy: MokaVocabulary.toleratesTypos(word))
    }
    let vocabulary =
      origins + roasts
      + MokaVocabulary.processes.flatMap { Array<Phrase>.weighted(2, $0.words, fuzzy: false) }
      + MokaVocabulary.flavours.flatMap { Array<Phrase>.weighted(1.5, $0.words, fuzzy: false) }
      + Array<Phrase>.weighted(3, MokaVocabulary.decafPhrases, fuzzy: false)
      + Array<Phrase>.weighted(1.5, tags.beanWords.sorted(), fuzzy: false)
    return ToolRule(tool: "searchBeans", triggers: vocabulary) { utterance, context in
      searchArguments(utterance, context: context, regions: tags.regions, beanCountries: tags.countriesByBeanWord)
    }
  }

  static let webSearch = ToolRule(
    tool: "webSearch",
    triggers: [],
  ) { utterance, _ in
    GeneratedContent(properties: ["query": searchQuery(utterance)])
  }

  /// Words about the size of the pot.
  static func potSizeWords(_ utterance: Utterance) -> Bool {
    ["pot size", "size pot", "cup pot", "cup moka", "cup one", "tazze", "tazas"].contains {
      utterance.matches(Phrase($0, fuzzy: false))
    }
  }

  /// The pot size mentioned ("6-cup", "three cups"), if any.
  static func cups(in utterance: Utterance) -> Int? {
    let words = utterance.words
    for (index, word) in words.enumerated() where word.hasPrefix("cup") || word.hasPrefix("tazz") || word.hasPrefix("taza") {
      // ("A single-cup pot": one.)
      let before = index > 0 ? words[index - 1] : ""
      if let value = before == "single" ? 1 : Utterance(before).firstNumber, BrewAdviceTool.potSizes.contains(value) {
        return value
      }
    }
    // Coffee for a number, in a pot ("coffee for ten in one pot").
    if utterance.matchesAny(["pot", "moka", "coffee"]) {
      for (index, word) in words.enumerated().dropLast() where word == "for" {
        let next = index + 2 < words.count ? words[index + 2] : ""
        guard let count = Utterance(words[index + 1]).firstNumber, (2...12).contains(count),
          !["week", "weeks", "day", "days", "month", "months", "minutes", "seconds", "euros", "g", "grams", "brews"].contains(
            next)
        else { continue }
        return BrewAdviceTool.potSizes.first { $0 >= count }
      }
    }
    // Coffee for a number of people: the smallest pot that serves them a cup each.
    for (index, word) in words.enumerated().dropFirst() where ["people", "persons", "guests", "friends"].contains(word) {
      if let count = Utterance(words[index - 1]).firstNumber, (1...12).contains(count) {
        return BrewAdviceTool.potSizes.first { $0 >= count }
      }
    }
    return nil
  }

  /// The question as a search engine wants it: without "search the web for" and similar
  /// openings, and a price asked as its subject and "price" ("How much does the Panama Gesha
  /// cost?" → "Panama Gesha price").
  static func searchQuery(_ utterance: Utterance) -> String {
    var query = utterance.original
    for prefix in ["search the web for", "search online for", "look up", "google", "search for", "can you"] {
      if let range = query.range(of: prefix, options: [.caseInsensitive, .anchored]) { query.removeSubrange(range) }
    }
    query = query.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
    guard MokaVocabulary.mentionsPrice(utterance) else { return query }
    let subject = query.split(separator: " ").map { $0.trimmingCharacters(in: .punctuationCharacters) }.filter { token in
      !token.isEmpty && !priceQueryFillers.contains(Utterance(token).words.joined(separator: " "))
        && !MokaVocabulary.pricePhrases.contains { Utterance(token).matches(Phrase($0, fuzzy: false)) }
    }
    return subject.isEmpty ? query : (subject + ["price"]).joined(separator: " ")
  }

  /// The words of a price question that are not its subject.
  static let priceQueryFillers: Set<String> = [
    "how", "much", "what", "whats", "is", "are", "does", "do", "did", "would", "will", "the", "a", "an", "of", "for", "it",
    "usually", "roughly", "these", "days", "nowadays", "today", "go", "going", "i", "me", "you", "to", "expect", "should",
    "typically", "normally", "about", "around", "and", "or", "in", "at", "there", "right", "now", "please", "pay", "wise",
  ]
}
