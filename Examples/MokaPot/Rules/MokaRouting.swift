import RistrettoRules

/// The moka router: the learned classifier (``MokaRouter``), overridden only on features of the
/// app's own vocabulary, and never when one of the user's bags is named: a question
/// ``MokaKnowledge`` answers goes to general (beans for bean knowledge), a brewing problem or a
/// recipe to general, a question that only describes beans to beans, a place's distance or hours
/// to shopping, freshness and amounts left to the cupboard.
struct MokaRouting: UtteranceClassifier {
  let learned: LinearClassifier
  /// The user's bag names, lower-cased: a question naming one is about the cupboard, not a search.
  let bagNames: NameIndex
  /// The names of the places in the data: a question naming one is about that place.
  let placeNames: NameIndex
  /// The requests of a question in several clauses.
  let intents: MokaIntents

  /// `intents`, `placeNames` and `bagNames` default to those of the moka tool rules for `data` (pass
  /// the rule book's to share them).
  init(
    _ learned: LinearClassifier, data: MokaData, intents: MokaIntents? = nil, placeNames: NameIndex? = nil,
    bagNames: NameIndex? = nil
  ) {
    self.learned = learned
    self.bagNames = bagNames ?? NameIndex((data.cupboard ?? []).map(\.name), forgivingTypos: true)
    self.placeNames =
      placeNames ?? NameIndex(data.cafes.map(\.name), generic: MokaPlaceFollowUps.genericPlaceWords, forgivingTypos: true)
    self.intents = intents ?? MokaIntents(data: data)
  }

  func classify(_ utterance: Utterance, cases: [String]) -> (answer: String, confidence: Double, scores: [String: Double]) {
    let result = learned.classify(utterance, cases: cases)
    // Knowledge about beans (processes, species, caffeine, roasts) is the beans specialist's; the
    // rest of what is known without a tool is brewing technique or small talk, the general one's.
    // (A bag of the user's named makes it about that bag: the learned router decides.)
    let namesBag = bagNames.anyNamed(in: utterance)
    if !namesBag, let topic = MokaKnowledge.topic(utterance) {
      let specialty = MokaKnowledge.beanTopics.contains(topic) && cases.contains("beans") ? "beans" : "general"
      if cases.contains(specialty) { return (specialty, 1, result.scores) }
    }
    // "Is it still like its reference?": one of the user's bags against its reference bean.
    if cases.contains("cupboard"), Self.comparesWithReference(utterance) { return ("cupboard", 1, result.scores) }
    // Clauses that need the tools of two specialists ("a fruity light roast, and a cafe open near me?"): general holds both.
    if cases.contains("general"), intents.spansSpecialists(utterance) { return ("general", 1, result.scores) }
    if cases.contains("general"), !namesBag, Self.isBrewing(utterance) { return ("general", 1, result.scores) }
    if cases.contains("beans"), !namesBag, Self.asksPriceOfShown(utterance) { return ("beans", 1, result.scores) }
    if cases.contains("shopping"), !namesBag, Self.asksPrice(utterance) { return ("shopping", 1, result.scores) }
    // More of a bag bought somewhere else, or where its roaster is: a place search, whichever bag it names.
    if cases.contains("shopping"), Self.buysElsewhere(utterance) || Self.asksForABagsRoaster(utterance) {
      return ("shopping", 1, result.scores)
    }
    // A place of the data named, with nothing about the user's bags or a brewing problem: that place.
    let namesPlace = placeNames.anyNamed(in: utterance)
    if cases.contains("shopping"), !namesBag, namesPlace, MokaVocabulary.problem(in: utterance) == nil,
      !utterance.matchesAny([
        "i have", "ive got", "have i", "did i", "i bought", "my", "bag", "bags", "cupboard", "roasted", "bought",
      ])
    {
      return ("shopping", 1, result.scores)
    }
    if cases.contains("shopping"), !namesBag, Self.asksAboutAPlace(utterance) || Self.asksForAPlace(utterance) {
      return ("shopping", 1, result.scores)
    }
    if cases.contains("cupboard"), Self.asksAboutBags(utterance) || Self.asksWhatWasBought(utterance) {
      return ("cupboard", 1, result.scores)
    }
    if cases.contains("beans"), !namesBag, Self.isBeanSearch(utterance) { return ("beans", 1, result.scores) }
    // (General, the fallback, takes over a conversation only at the chat's switch confidence: under
    // it, it only leans too.)
    let leaningBelow = result.answer == MokaSpecialty.general.rawValue ? Self.generalLeaningBelow : Self.leaningBelow
    if result.confidence < leaningBelow, let owner = ownerOfAskedTool(utterance, leaning: result.answer),
      cases.contains(owner)
    {
      return (owner, 1, result.scores)
    }
    return result
  }

  /// Under this probability the learned router only leans to a specialist: a tool the question
  /// clearly asks for outweighs it.
  static let leaningBelow = 0.6
  /// Under this probability a pick of general only leans: a conversation leaves its specialist for
  /// general only at ``SpecialistChat``'s default switch confidence.
  static let generalLeaningBelow = 0.75
  /// The least tool-rule score of a clear request: a phrase of the tool's own ("where can I buy"),
  /// not a word that may mean something else.
  static let clearRequest = 3.0

  /// The specialist that holds the one tool the question asks for, when the specialist the learned
  /// router leans to lacks it ("and where would I buy more of it?" leaning to the cupboard). The
  /// tool rules read the request itself; the router reads only its likeness to labelled questions.
  /// General, the fallback, counts as lacking every tool here: leaning to it keeps a conversation
  /// with its current specialist. (Never brewing advice: a brewing problem's words also describe
  /// beans, "the least acidic".)
  func ownerOfAskedTool(_ utterance: Utterance, leaning: String) -> String? {
    guard let leaned = MokaSpecialty(rawValue: leaning) else { return nil }
    let asked = intents.toolsAsked(in: utterance, context: RuleContext())
    guard asked.count == 1, let (tool, score) = asked.first, score >= Self.clearRequest, tool != "brewAdvice",
      !leaned.toolNames.contains(tool)
    else { return nil }
    return MokaSpecialty.allCases.first { $0.toolNames.contains(tool) }?.rawValue
  }

  /// How far a place is, where it is, or whether it is open ("how far away is that?", "until what time?"),
  /// with nothing about beans, bags or brewing: a question about places, the shopping specialist's.
  static func asksAboutAPlace(_ utterance: Utterance) -> Bool {
    let place = utterance.matchesAny([
      "how far", "distance to", "walking distance", "address", "till when", "until when", "what time does", "what time do",
      "closing time", "opening hours", "open now", "open right now", "still open", "when does it open", "when does it close",
      "when do they open", "when do they close", "opens", "closes", "open today", "open tomorrow", "open first",
    ])
    let elsewhere = utterance.matchesAny([
      "bag", "bags", "cupboard", "left", "brew*", "grind*", "dose", "recipe", "roast*", "process*", "notes", "taste*", "decaf*",
      "origin*", "fresh*",
    ])
    return place && !elsewhere && MokaVocabulary.problem(in: utterance) == nil
  }

  /// A kind of place asked for as the answer ("which cafe does decaf?"), with no brewing problem:
  /// the place search, whatever the place should have.
  static func asksForAPlace(_ utterance: Utterance) -> Bool {
    let words = utterance.words
    let asked = words.indices.dropFirst().contains { index in
      ["which", "what", "any"].contains(words[index - 1])
        && ["cafe", "cafes", "caffe", "shop", "shops", "roaster", "roasters", "roastery", "bar", "bars", "place", "places"]
          .contains(words[index])
    }
    // ("Who's open?" asks for a place as plainly as "which cafe".)
    let open =
      (utterance.matchesAny(MokaToolRules.openPlacePhrases) || MokaToolRules.canStillGet(utterance))
      && !MokaFollowUps.namesBeanFilter(utterance)
    // (Which roaster the user bought from is the user's bags: asksWhatWasBought.)
    return (asked || open) && MokaVocabulary.problem(in: utterance) == nil && !asksWhatWasBought(utterance)
      && !utterance.matchesAny(["my bag", "my bags", "cupboard", "recipe", "brew*", "grind*"])
  }

  /// The price of something just shown ("which one is the cheapest?"), with no shop, item or
  /// search in it: the price of beans the data has none of, the beans specialist's to say so,
  /// not a purchase for the place search.
  static func asksPriceOfShown(_ utterance: Utterance) -> Bool {
    MokaVocabulary.mentionsPrice(utterance) && MokaVocabulary.comparesPrices(utterance) && MokaReferences.refersBack(utterance)
      && !utterance.matchesAny(
        MokaKnowledge.findWords + NearbyCafesTool.gearWords + MokaKnowledge.potWords + [
          "pot", "online", "web", "look up", "search", "google",
        ])
  }

  /// Where a bag's roaster or shop is, or whether it is open ("is my Huila's roaster open now?").
  static func asksForABagsRoaster(_ utterance: Utterance) -> Bool {
    // ("Who roasted this one? I'd visit them today": a visit to its roaster. "Who roasted it, and
    // how old is it?" asks the bag.)
    let visit =
      utterance.matchesAny(["roaster", "roastery", "where i bought", "where i got"])
      && utterance.matchesAny(["open", "near", "where is", "wheres", "how far", "hours", "close", "closes", "go to", "visit"])
    let visitWhoRoasted =
      utterance.matchesAny(["who roasted"])
      && utterance.matchesAny(["from them", "buy from", "get from", "go there", "visit", "open today", "open now", "today"])
    return (visit || visitWhoRoasted) && MokaVocabulary.problem(in: utterance) == nil
  }

  /// More of something bought somewhere else ("is it sold anywhere else? I want more").
  static func buysElsewhere(_ utterance: Utterance) -> Bool {
    // (More of a kind of bean from another origin is a search: "more of that kind but from elsewhere".)
    let elsewhere =
      utterance.matchesAny(["somewhere else", "anywhere else", "elsewhere", "other shop*", "other place*"])
      && utterance.matchesAny(["buy", "get", "find", "pick up", "sold", "sell*", "stock*"])
    return elsewhere && !utterance.matchesAny(["kind", "style", "similar", "like that", "like it"])
  }

  /// A bag the question points at, compared with its reference bean ("is it like the reference one?").
  static func comparesWithReference(_ utterance: Utterance) -> Bool {
    MokaReferences.refersBack(utterance) && utterance.matchesAny(["reference bean", "reference one", "the reference"])
      && MokaVocabulary.problem(in: utterance) == nil && !utterance.matchesAny(MokaKnowledge.findWords)
  }

  /// What the user bought, from where or when ("what have I bought at the Crocetta?"): their bags.
  static func asksWhatWasBought(_ utterance: Utterance) -> Bool {
    // (Where it was bought is a place: "where was it bought?")
    utterance.matchesAny(["what did i buy", "what have i bought", "which did i buy", "what i bought", "which bags did i buy"])
      // (Or which roaster, how often: "which roaster have I bought from most?")
      || utterance.matchesAny(["have i bought", "did i buy", "i bought from", "i buy from", "i bought most"])
        && utterance.matchesAny(["most", "how many", "how often", "which roaster", "which shop"])
        && !utterance.matchesAny(["where", "open", "near*", "today", "again"])
  }

  /// A price asked ("what does a kilo of Kona cost?"), not a limit on a search nor prices of what was
  /// shown compared, about no bag of the user's: the web's, which the shopping specialist holds.
  static func asksPrice(_ utterance: Utterance) -> Bool {
    // (Prices compared or a bean's worth are the beans': "your least pricey Kenyan".)
    MokaVocabulary.mentionsPrice(utterance) && !MokaVocabulary.limitsPrice(utterance) && !asksPriceOfShown(utterance)
      && !MokaVocabulary.comparesPrices(utterance) && !utterance.matchesAny(["worth"])
      && !utterance.matchesAny(["left", "remaining", "my bag", "my bags", "cupboard", "i have", "ive got", "waste of"])
      && MokaVocabulary.problem(in: utterance) == nil
  }

  /// Freshness, amounts left, brews left or the order to use bags in, with nothing to buy or search
  /// for: the user's bags, the cupboard specialist's.
  static func asksAboutBags(_ utterance: Utterance) -> Bool {
    let bags =
      utterance.matchesAny(
        [
          "fading", "stale", "freshest", "fresher", "oldest", "newest", "left", "remaining", "finish first", "use up",
          "still any good", "still good", "roast date", "roasted when", "when was it roasted", "when were they roasted",
          "when did i open", "how old",
        ] + MokaVocabulary.runningLow + MokaCupboardAnswers.restingWords)
      || MokaCupboardAnswers.brewsWanted(utterance) != nil
    // The user's own stock, named as such in a short question of one part: about the bags even with
    // an origin or roast in it ("any Ethiopian in my cupboard?"). (A longer one, or one in two
    // parts, may mix in a search or a purchase: the learned router decides.)
    let onePart = utterance.words.count <= 10 && !utterance.words.contains { ["and", "also", "plus", "then"].contains($0) }
    let owned =
      onePart
      && (utterance.matchesAny(
        [
          "my cupboard", "in my cupboard", "my stash", "my pantry", "my bags", "my coffees", "my beans", "have at home",
          "got at home",
          "have i got",
          "do i own", "do i have", "already at home", "at home already", "do i already have", "have i already",
        ] + MokaToolRules.ownRoasts) || MokaVocabulary.namesOwnBag(utterance))
      && !utterance.matchesAny(["do i have to", "do i have a problem"])
    // (Nor anything to look up on the web: "the newest pot models".)
    let elsewhere = utterance.matchesAny(
      MokaKnowledge.findWords + [
        "recommend*", "suggest*", "corpus", "catalog*", "reference", "similar", "something like", "google", "web", "internet",
        "look up", "models", "a replacement",
      ])
    // ("Do I have anything similar at home?" asks the cupboard, however like the beans it is.)
    let similarOwned = owned && utterance.matchesAny(["similar", "something like", "anything like"])
    guard !elsewhere || similarOwned && !utterance.matchesAny(MokaKnowledge.findWords),
      MokaVocabulary.problem(in: utterance) == nil
    else { return false }
    // ("How many brews in my 6-cup does it make?": brews left in the bag it points at.)
    let brewsOfIt = MokaCupboardAnswers.asksBrewCount(utterance) && MokaReferences.refersBack(utterance)
    if comparesWithReference(utterance) { return true }
    return owned || (bags || brewsOfIt) && !MokaFollowUps.namesBeanFilter(utterance)
  }

  /// A question that names only what beans to look for (an origin, roast, process, flavour,
  /// decaf or a preference such as low acidity), with nothing about the user's bags, buying,
  /// brewing or a place: the beans specialist's.
  static func isBeanSearch(_ utterance: Utterance) -> Bool {
    // (An origin alone may be off-topic, "the capital of Australia": it needs a coffee word.)
    let origin =
      MokaVocabulary.origin(in: utterance) != nil
      && (utterance.matchesAny([
        "coffee", "coffees", "bean", "beans", "roast*", "single origin", "anything", "something", "any", "moka",
      ])
        || utterance.words.count <= 4)
    // Asking for a recommendation, the quiz, or something like a bean: a search too.
    let asks =
      utterance.matchesAny(["recommend*", "suggest*"]) && utterance.matchesAny(["bean", "beans", "coffee", "coffees"])
      || utterance.matchesAny([
        "similar", "something like", "alternative to", "quiz", "taste profile", "what i like", "what do i like",
        "a replacement", "same kind of", "same profile", "from somewhere else", "from elsewhere", "another country",
        "other country", "another origin",
      ])
    let describes =
      origin || asks || MokaVocabulary.roast(in: utterance) != nil || MokaVocabulary.process(in: utterance) != nil
      || !MokaVocabulary.flavours(in: utterance).isEmpty || MokaVocabulary.wantsDecaf(utterance)
      || MokaToolRules.preference(in: utterance) != nil || MokaVocabulary.species(in: utterance) != nil
    // (A replacement like a bean is a bean, not a spare part: "a replacement with the same profile".)
    let likeABean = utterance.matchesAny(["same kind", "same profile", "similar", "like it", "like that"])
    // (Nor "somewhere else" as another origin: "those, but from elsewhere".)
    let otherOrigin = utterance.matchesAny(["from somewhere else", "from elsewhere"])
    let elsewhere = utterance.matchesAny(
      MokaKnowledge.findWords.filter { ($0 != "replacement" || !likeABean) && ($0 != "somewhere" || !otherOrigin) } + [
        "i have", "ive got", "cupboard", "my bag", "my bags", "my beans", "my coffee", "my coffees", "my stash", "at home",
        "mine", "bag", "bags",
        "left", "brew*", "recipe", "dose", "grind*", "cup", "cups", "pot",
        "heat", "stove", "price*", "cost", "costs", "costing", "costly", "cheap*",
        "options", "choices", "help me choose", "fresh*", "stale", "still good", "fading", "remaining",
        "grams", "roasted", "opened", "own", "owned", "roast date", "when was", "roaster*", "local", "shop*", "go for", "kilo",
        "pay", "wheres", "make", "making", "closest", "nearest", "spot",
        // A drink had out ("a latte to sit down with") is a place's.
        "cappuccino*", "latte", "sit down", "to go",
      ])
    // (Tried after the knowledge topics, so a knowledge question never reaches it.)
    return describes && !elsewhere && MokaVocabulary.problem(in: utterance) == nil
  }

  /// A recipe for a pot size or a brewing problem, about no bag, place or purchase: brewing
  /// technique, the general specialist's.
  static func isBrewing(_ utterance: Utterance) -> Bool {
    let recipe =
      MokaToolRules.cups(in: utterance) != nil
      && utterance.matchesAny([
        "brew*", "dose", "ratio", "how much coffee", "how much water", "recipe", "grams", "amount of", "grind",
        "how much do i use", "how much should i use", "how much to use", "how much do i put", "how much should i put",
        // ("How much for a 3-cup?", "how much goes in the 12-cup?": an amount for a pot size is
        // its dose; its price is left out below.)
        "how much",
      ])
    // (Sour or acidic beside a flavour or a preference describes beans; induction may be about a pot to buy.)
    // (A gasket or seal named alone is gear to buy, not a leak.)
    // (Descaling is a brewing question, "how do I descale it?", and so is an induction hob that
    // will not heat the pot.)
    let descales = utterance.matchesAny(["descal*", "limescale", "vinegar", "citric"])
    let inductionFails = utterance.matchesAny([
      "wont heat", "doesnt heat", "not heating", "wont work", "doesnt work", "nothing happens",
    ])
    let problem =
      MokaVocabulary.problem(in: utterance).map { problem in
        ![
          "firstUse", problem == "cleaning" && descales ? "" : "cleaning",
          problem == "induction" && inductionFails ? "" : "induction",
        ]
        .contains(problem)
          && (problem != "leaking" || utterance.matchesAny(["leak*", "drip*", "dribbl*", "seep*", "ooz*", "seam"]))
      } ?? false
    let describesBeans =
      MokaFollowUps.namesBeanFilter(utterance) || MokaToolRules.preference(in: utterance) != nil
      || !MokaVocabulary.likes(in: utterance).isEmpty
    let elsewhere = utterance.matchesAny(
      MokaKnowledge.findWords + [
        "left", "enough", "last", "have", "bag", "bags", "cupboard", "bean", "beans", "roast*", "decaf*", "brews", "fresh*",
        "stale", "origin*", "hate", "dislike", "avoid", "online", "place", "cheap*", "price*", "cost", "costs", "costing",
        "costly", "wheres", "sold", "own",
        "least", "blend*", "which beans", "which coffee", "how much is", "a new", "usually",
      ])
    // Tips or a recipe for a pot size, whatever the beans are like ("tips for a dark roast in my
    // 2-cup"), unless a purchase, a price or the user's bags come into it.
    let asksHow =
      MokaToolRules.cups(in: utterance) != nil && utterance.matchesAny(MokaToolRules.recipeWords)
      && !utterance.matchesAny(
        MokaKnowledge.findWords + ["bag", "bags", "cupboard", "have", "left", "enough", "online", "place"])
      && !MokaVocabulary.mentionsPrice(utterance)
    // ("Dose for that?": the recipe for the pot or beans just named.)
    let shortDose =
      utterance.words.count <= 5 && utterance.matchesAny(["dose", "ratio", "recipe"]) && MokaReferences.refersBack(utterance)
    // How to fix a taste, whatever beans it names ("tips to make a dark roast less harsh?"), or
    // what to do before a new pot's first use.
    let fixesTaste =
      problem && utterance.matchesAny(["tips", "how to make", "how do i make", "how can i make", "how do i stop"])
      && !utterance.matchesAny(MokaKnowledge.findWords + ["bag", "bags", "cupboard"])
    let firstUse =
      MokaVocabulary.problem(in: utterance) == "firstUse"
      && utterance.matchesAny(["before", "first use", "season*", "should i do"])
      && !utterance.matchesAny(MokaKnowledge.findWords)
    // ("Once I have it, how much coffee do I use?": a dose, whoever has what.)
    let dose =
      MokaVocabulary.asksDose(utterance)
      && !utterance.matchesAny(MokaKnowledge.findWords + ["my bag", "my bags", "cupboard", "left", "enough"])
    return (recipe || problem) && !elsewhere && !describesBeans || asksHow || shortDose || fixesTaste || firstUse || dose
  }
}
