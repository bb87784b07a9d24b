import RistrettoRules

/// Brewing technique and coffee knowledge a barista answers without looking anything up: tamping,
/// grind size, the water to start with, when to take the pot off the heat, the fill level, the
/// safety valve, gasket care, processing methods, caffeine, species, and off-topic requests.
///
/// A topic answers only a question that asks about it (not a report of a problem with the user's
/// pot, which goes to the brewing advice, and not a request to buy or find something, which goes
/// to the place search). Everything here is general knowledge, so no tool runs.
enum MokaKnowledge {
  /// One topic: whether a question asks about it, and the answer.
  struct Topic: Sendable {
    let name: String
    let asks: @Sendable (_ question: Utterance, _ context: RuleContext) -> Bool
    let answer: @Sendable (_ question: Utterance) -> String
  }

  /// The answer to a knowledge question, or nil when the question needs a tool (or is not one).
  static func answer(_ question: Utterance, _ context: RuleContext) -> String? {
    asked(question, context)?.answer(question)
  }

  /// The topic `question` asks about; a request to buy or find something nearby is never one
  /// (a kettle or a valve to buy is the place search's), unless it is off-topic.
  static func asked(_ question: Utterance, _ context: RuleContext) -> Topic? {
    let finding = says(question, findWords)
    return topics.first { ($0.name == "offTopic" || !finding) && $0.asks(question, context) }
  }

  /// Topics about beans rather than brewing: routed to the beans specialist.
  static let beanTopics: Set<String> = ["processes", "caffeine", "species", "roastChoice", "roasts"]

  /// The topic a question asks about, if any (for tests and the grounding).
  static func topic(_ question: Utterance, _ context: RuleContext = RuleContext()) -> String? {
    asked(question, context)?.name
  }

  static func says(_ question: Utterance, _ phrases: [String]) -> Bool {
    phrases.contains { question.matches(Phrase($0, fuzzy: false)) }
  }

  /// Words that ask to buy or find something: a job for the place search, not for knowledge.
  static let findWords = [
    "where", "buy", "sell*", "shop*", "store", "stock*", "near*", "get a new", "get one", "get another", "order",
    "replacement", "spare", "open now", "open today", "still open", "whats open", "opening hours", "anywhere", "wheres", "sold",
    "online",
    "link",
  ]

  /// Words that report the pot not brewing at all: a job for the brewing advice.
  static let noFlowWords = [
    "nothing comes", "nothing coming", "nothing came", "no coffee", "doesnt come", "wont come", "not coming", "nothing happens",
    "wont brew", "doesnt brew", "stuck", "no flow",
  ]

  /// Whether the text asks something (rather than reports what the user did).
  static func isQuestion(_ question: Utterance) -> Bool {
    let openers = [
      "should", "do", "does", "can", "could", "is", "are", "how", "what", "whats", "when", "why", "which", "will", "would", "any",
    ]
    return question.original.contains("?") || openers.contains(question.words.first ?? "")
  }

  static let topics: [Topic] =
    [greeting, capabilities, offTopic, valve, keepUsing, fillLevel, tamping, grindSize, waterTemperature, offTheHeat, gasket]
    + [processes, caffeine, species, drinks, roastChoice, roasts, brewTime, halfPot, lid, storage]

  /// A greeting or thanks with nothing else in it.
  static let greeting = Topic(
    name: "greeting",
    asks: { question, _ in
      let fillers: Set<String> = [
        "there", "moka", "assistant", "friend", "again", "all", "everyone", "you", "to", "morning", "afternoon", "evening",
        "good", "much", "very", "so", "a", "lot", "lots",
      ]
      let courtesy = Set((MokaAnswers.greetings + MokaAnswers.thanks).flatMap { Utterance($0).words })
      return MokaAnswers.isCourtesy(question) && question.words.allSatisfy { courtesy.contains($0) || fillers.contains($0) }
    },
    answer: { question in MokaAnswers.reply(question, [], RuleContext()) })

  /// What the assistant can do, asked with nothing else to act on.
  static let capabilities = Topic(
    name: "capabilities",
    asks: { question, _ in
      says(
        question,
        [
          "what can you do", "what do you do", "who are you", "how does this work", "can you help", "how can you help",
          "what can you help", "what are you",
        ]) && question.words.count <= 10 && !MokaFollowUps.namesBeanFilter(question)
        && MokaVocabulary.problem(in: question) == nil
        && !says(question, findWords + ["bean", "beans", "decaf*", "cupboard", "bag", "bags", "recipe", "dose", "grind"])
    },
    answer: { _ in
      "I am a moka-pot coffee assistant. I can suggest beans from a reference corpus, check the bags in your cupboard "
        + "(amounts, freshness, what to finish first), help you brew and fix your moka, and find nearby cafes, roasters "
        + "and shops."
    })

  static let offTopic = Topic(
    name: "offTopic",
    asks: { question, _ in
      let elsewhere = [
        "weather", "forecast", "rain", "pizza*", "pasta", "restaurant*", "hotel*", "museum*", "football", "soccer", "train",
        "trains", "bus", "taxi", "movie*", "cinema", "beer", "cocktail*", "sushi", "burger*", "carbonara", "lasagn*", "risotto",
        "green tea", "herbal tea", "matcha", "chai",
        "tea bag*",
      ]
      let coffee = ["coffee", "moka", "espresso", "bean*", "cafe*", "caffe", "roast*", "bicerin", "cappuccino", "latte"]
      return says(question, elsewhere) && !says(question, coffee)
    },
    answer: { _ in
      "That is outside what I know: I can only help with moka-pot coffee. I can suggest beans, check your cupboard, "
        + "fix your moka brew, or find nearby cafes, roasters and shops."
    })

  /// Steam or hissing from the safety valve, or tampering with it, while coffee still comes up.
  static let valve = Topic(
    name: "valve",
    asks: { question, context in
      // Right after such a question, asking why means asking its causes.
      let asksWhy = says(question, ["why", "what caused", "what made", "cause", "how come"]) && question.words.count <= 8
      if asksWhy, MokaVocabulary.problem(in: question) == nil, !says(question, findWords),
        let earlier = context.earlierQuestions.last, valveAlarm(Utterance(earlier))
      {
        return true
      }
      return valveAlarm(question)
    },
    answer: { _ in
      "Safety first: steam from the safety valve means the pressure in the bottom chamber is too high. Take the pot off the "
        + "heat and let it cool before you open it. The usual causes are coffee ground too fine or tamped, a clogged filter "
        + "plate, or water filled above the valve. Never block, tape or tighten the valve: it is what keeps the pot from "
        + "bursting. If it still hisses with a medium grind, no tamping and the right fill, replace the valve."
    })

  /// Steam, hissing or tampering with the safety valve, not a fill level, a pot that brews nothing or a purchase.
  static func valveAlarm(_ question: Utterance) -> Bool {
    let alarm = [
      "hiss*", "steam*", "whistl*", "spray*", "spit*", "puff*", "shoot*", "explod*", "normal", "worried", "worry", "danger*",
      "safe", "block*", "tighten*", "plug*", "cover*", "tape",
    ]
    return says(question, ["valve"]) && says(question, alarm) && !says(question, noFlowWords + findWords)
      && !says(question, ["fill*", "water level", "water line", "above", "over the", "below", "under"])
  }

  /// Whether a damaged pot may still be used.
  static let keepUsing = Topic(
    name: "keepUsing",
    asks: { question, context in
      guard
        says(
          question, ["keep using", "still use", "carry on using", "continue using", "safe to use", "keep brewing"])
      else { return false }
      let damage = ["valve", "gasket*", "seal", "crack*", "broken", "damaged", "bent", "worn"]
      return says(question, damage) || context.earlierQuestions.suffix(2).contains { says(Utterance($0), damage) }
    },
    answer: { _ in
      "Better not: a cracked gasket or a faulty safety valve lets steam and hot coffee escape at the seam, and a valve that "
        + "does not release can let the pressure build. Replace the part first; a gasket costs little and fits by pot size."
    })

  static let fillLevel = Topic(
    name: "fillLevel",
    asks: { question, _ in
      says(question, ["valve"]) && says(question, ["fill*", "water level", "water line", "above", "over the", "how much water"])
        && isQuestion(question)
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
        // With a pot size it asks for the recipe (the brewing advice).
        && MokaToolRules.cups(in: question) == nil
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
    },
    answer: { _ in
      "Take it off the heat as soon as the stream turns pale and starts to gurgle, with the top chamber about three-quarters "
        + "full; cool the base under cold water to stop the brew. Left on, it sputters and the last of it tastes burnt."
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
    asks: { question, _ in
      let named = MokaVocabulary.processes.filter { entry in says(question, entry.words) }
      let explain = [
        "what is", "whats", "what does", "mean*", "difference", "differ*", "explain*", "how does", "versus", "vs", "compared",
      ]
      let wantsBeans = [
        "recommend*", "suggest*", "show*", "list*", "find", "got", "have", "which", "want", "bean", "beans", "any", "options",
      ]
      return !named.isEmpty && says(question, explain) && !says(question, wantsBeans)
    },
    answer: { question in
      let named = MokaVocabulary.processes.filter { entry in says(question, entry.words) }.map(\.process)
      let texts = processNotes.filter { named.contains($0.process) }.map(\.text)
      return texts.joined(separator: " ") + " Ask for beans by process and I will search the corpus."
    })

  static let caffeine = Topic(
    name: "caffeine",
    asks: { question, _ in
      says(question, ["more caffeine", "less caffeine", "most caffeine", "caffeine content", "how much caffeine", "caffeine in"])
        && !MokaVocabulary.wantsDecaf(question)
    },
    answer: { _ in
      "Roast level barely changes the caffeine: a light and a dark roast hold about the same per bean (dark is slightly "
        + "lighter, so by weight a little less). The species matters more: robusta has about twice the caffeine of arabica. "
        + "A moka cup of about 50 ml holds roughly 60 to 100 mg."
    })

  static let species = Topic(
    name: "species",
    asks: { question, _ in
      says(question, ["robusta", "arabica"])
        && says(question, ["difference", "differ*", "what is", "whats", "versus", "vs", "mean*", "better"])
        && !says(question, ["recommend*", "suggest*", "show*", "list*", "got", "have", "any", "which"])
    },
    answer: { _ in
      "Arabica is sweeter and more aromatic, with more acidity; robusta is more bitter and earthy, with a heavier body, a "
        + "thicker crema and about twice the caffeine. Southern Italian espresso blends often add some robusta for body."
    })

  /// Which roast suits a moka, asked without naming any bean to look for.
  static let roastChoice = Topic(
    name: "roastChoice",
    asks: { question, _ in
      says(question, ["what roast", "which roast", "what kind of roast", "roast level", "best roast", "roast is best"])
        && !MokaFollowUps.namesBeanFilter(question)
        && !says(question, ["recommend*", "suggest*", "show*", "list*", "find", "bean", "beans", "suit me", "process"])
    },
    answer: { _ in
      "For a moka, start with a medium or medium-dark roast: it is forgiving, sweet and chocolatey in the moka's strong, "
        + "concentrated cup. Light roasts can taste sour in a moka, very dark ones bitter. Ask for beans of a roast and I "
        + "will search the corpus."
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

  static let storage = Topic(
    name: "storage",
    asks: { question, _ in
      says(
        question,
        [
          "freez*", "fridge", "refrigerat*", "store beans", "store coffee", "storing", "storage", "airtight", "keep beans",
          "keep coffee", "go stale", "goes stale",
        ]) && isQuestion(question) && !says(question, ["my bag", "my bags", "cupboard", "left"])
        && MokaVocabulary.problem(in: question) == nil
    },
    answer: { _ in
      "Beans go stale as their aroma oxidises and their CO2 escapes: most taste flat a month after roasting, and ground "
        + "coffee within days. Keep them whole, airtight, cool and dark, and grind just before brewing; freezing helps if "
        + "you freeze sealed portions and never refreeze, but the fridge does not (moisture and odours)."
    })

  /// How roast levels differ, asked as a comparison of two of them.
  static let roasts = Topic(
    name: "roasts",
    asks: { question, _ in
      let named = MokaVocabulary.roasts.filter { entry in says(question, entry.words) }
      return named.count > 1 && says(question, ["difference", "differ*", "vs", "versus", "compared", "or", "better", "worth"])
        && !says(question, ["recommend*", "suggest*", "show*", "list*", "find", "bean", "beans", "any", "got", "have"])
    },
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
    asks: { question, _ in
      drinkNotes.contains { says(question, [$0.name]) }
        && says(question, ["what is", "whats", "mean*", "made of", "made with", "explain*", "in it"])
        && !says(question, findWords)
    },
    answer: { question in
      drinkNotes.filter { says(question, [$0.name]) }.map(\.text).joined(separator: " ")
    })
}
