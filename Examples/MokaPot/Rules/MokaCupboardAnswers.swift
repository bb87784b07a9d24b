import Ristretto
import RistrettoRules

/// Answers about the user's bags, computed from the cupboard tool's output: totals, the oldest,
/// the order to finish them in, brews left at a pot size's dose, freshness.
enum MokaCupboardAnswers {
  typealias A = MokaAnswers

  /// The answer to `question` from a cupboard output; `potSize` is the conversation's pot size,
  /// used when the question names none, and `earlierProblem` a taste problem the conversation
  /// raised before ("it's sour", then "could it be my beans?").
  static func sentence(
    _ output: GeneratedContent, _ question: Utterance, potSize: Int? = nil, earlierProblem: String? = nil
  ) -> String {
    let all = A.array(output, "bags")
    // Two or more bags named: the question is about those only ("the Huila or the Santos?").
    let named = all.filter { bag in
      A.string(bag, "name").map { question.matches(Phrase($0.lowercased(), fuzzy: false)) } ?? false
    }
    // A roaster named: only its bags ("what have I got from Torrefazione Aurora?").
    let fromRoaster = all.filter { bag in
      A.string(bag, "roaster").map { MokaPlaceFollowUps.mentions(question, name: $0) } ?? false
    }
    // An origin asked about ("anything from Kenya in my cupboard?"): the bags of beans from there.
    let origin = named.isEmpty ? MokaVocabulary.origin(in: question) : nil
    let fromOrigin = origin.map { origin in
      all.filter { MokaVocabulary.origin(in: Utterance(A.string($0, "bean") ?? "")) == origin }
    }
    if let origin, fromOrigin?.isEmpty == true, !all.isEmpty {
      return "None of your bags is from \(origin). You have: " + all.compactMap { A.string($0, "name") }.joined(separator: ", ")
        + "."
    }
    // A roast or process asked about ("any light roasts in the cupboard?"): the bags whose beans are so.
    if named.isEmpty, origin == nil, all.count > 1, let kind = kindAsked(question) {
      // (Decaf is in the bean's name, as the corpus search reads it.)
      let value = { (bag: GeneratedContent) in
        kind.key == "decaf" ? A.string(bag, "bean") ?? "?" : A.string(bag, kind.key) ?? "unknown"
      }
      let matching = all.filter { bag in
        kind.key == "decaf" ? value(bag).lowercased().contains("decaf") : A.string(bag, kind.key) == kind.value
      }
      let described = ["roast": "a \(kind.value) roast", "process": "\(kind.value)-processed"][kind.key] ?? "decaf"
      guard !matching.isEmpty else {
        return "No: none of your bags is \(described). You have: "
          + all.map { "\(A.string($0, "name") ?? "?") (\(value($0)))" }.joined(separator: ", ") + "."
      }
      return "Your bags that are \(described): " + matching.map(A.bagLine).joined(separator: "; ") + "."
    }
    let bags =
      named.count > 1 ? named : fromOrigin ?? (fromRoaster.isEmpty || named.count == 1 ? all : fromRoaster)
    let namedList = A.list(named.compactMap { A.string($0, "name") })
    if let reference = A.field(output, "reference"), reference.kind != .null, let bag = bags.first {
      return compare(bag, reference)
    }
    if A.string(output, "referenceStatus") == "unavailable", let bag = bags.first {
      return detail(bag)
        + " The reference corpus is unavailable right now, so I couldn't compare it: its reference bean is not available."
    }
    let cups = MokaToolRules.cups(in: question) ?? potSize ?? 3
    let dose = BrewAdviceTool.Output.dose(cups: cups)
    let wanted = brewsWanted(question)
    if bags.count == 1, let bag = bags.first {
      // How much of it is used, or when it was opened, when asked.
      // The share of the bag left ("what percentage is left?").
      if question.matchesAny(["percent*", "per cent", "what fraction", "what share", "what proportion"]) {
        return detail(bag) + " That is \(A.int(bag, "percentLeft"))% of the \(A.int(bag, "bagGrams")) g bag."
      }
      if question.matchesAny(["used", "gone through", "drunk", "gotten through", "consumed"]) {
        return detail(bag) + " You have used \(A.int(bag, "gramsUsed")) g of the \(A.int(bag, "bagGrams")) g bag."
      }
      // How long it lasts at a brew a day (or the number a day asked).
      if wanted == nil, question.matchesAny(["how long", "how many days"]), question.matchesAny(["last", "lasts", "go"]) {
        let perDay = brewsPerDay(question) ?? 1
        let count = brewCount(bag, dose: dose)
        return detail(bag) + " \(count) brews in a \(cups)-cup pot (\(dose) g each): at \(perDay) a day that lasts "
          + "\(count / perDay) days."
      }
      if question.matchesAny(["open", "opened", "opening"]) {
        let opened = A.optionalInt(bag, "daysSinceOpened")
        let day = A.string(bag, "openedOn").map { ", on \($0)" } ?? ""
        return detail(bag) + (opened.map { " You opened it \($0) days ago\(day)." } ?? "")
      }
      if question.matchesAny(discardWords) { return detail(bag) + " " + verdict(bag) }
      // How long until it fades or goes stale, by the cupboard's freshness rules.
      if question.matchesAny(["until", "till", "how long before", "how many days before", "when will it"]),
        question.matchesAny(["fad*", "stale", "past its", "peak", "go off", "goes off", "old"])
      {
        guard let ages = A.optionalInt(bag, "agesInDays") else {
          return detail(bag) + " It is already past both: stale."
        }
        let fresh = A.int(bag, "daysSinceRoast") <= CupboardTool.BagCard.freshDays
        let from = A.int(bag, "daysSinceRoast") + ages
        return detail(bag) + " It turns \(fresh ? "fading" : "stale") in \(ages) days, \(from) days after roasting."
      }
      // A taste problem with this bag, asked now or just before: how much its roast and age explain.
      let blames = question.matchesAny(["could it be", "is it the", "because of", "the beans", "my beans", "using"])
      if let problem = MokaVocabulary.problem(in: question) ?? (blames ? earlierProblem : nil),
        ["bitter", "sour", "weak"].contains(problem)
      {
        return detail(bag) + " " + roastAndTaste(bag, problem: problem) + ageAndTaste(bag)
      }
      // Dialling one bag in: its state, and where to start for the pot.
      if question.matchesAny(["dial*", "tune", "adjust"]) {
        return detail(bag) + roastNote(bag)
          + " For a \(cups)-cup pot start at \(dose) g of coffee and \(BrewAdviceTool.Output.water(cups: cups)) ml "
          + "of hot water, ground fine-medium, on medium-low heat; grind finer if it tastes sour or thin, coarser and "
          + "lower the heat if it tastes bitter."
      }
      if question.matchesAny(restingWords) {
        return detail(bag)
          + (A.string(bag, "freshness") == "resting"
            ? " Yes: it is still resting; give it a few more days from roast."
            : " No: it is past the first few days of rest after roasting, so it is not too fresh.")
      }
      // Whether the user owns it ("is the Antigua one of my bags?"): yes, and how it is.
      let owned =
        question.matchesAny(["do i have", "one of my", "have i got", "do i own", "in my cupboard", "mine"])
        && !question.matchesAny(["left", "how much", "how many", "enough", "last"])
      return (owned ? "Yes, it is in your cupboard. " : "") + detail(bag) + " "
        + brews(bag, cups: cups, dose: dose, wanted: wanted, perDay: brewsPerDay(question))
    }
    var open = bags.filter { A.int($0, "gramsLeft") > 0 }
    // Only the opened bags, when the question says so.
    if question.matchesAny(["opened", "started", "open bags"]),
      !question.matchesAny(["unopened", "not opened", "sealed", "havent opened"])
    {
      open = open.filter { A.field($0, "opened")?.kind != .bool(false) }
    }
    // The tool's summary of every bag (beyond those listed, in a big cupboard), when the answer is
    // about all of them in the pot size asked: not some named, a roaster's, an origin's or the opened ones.
    let summary = A.field(output, "summary").flatMap { summary in
      summary.kind != .null && bags.count == all.count && open.count == all.filter { A.int($0, "gramsLeft") > 0 }.count
        && A.int(summary, "cups") == cups ? summary : nil
    }
    let total = summary.map { A.int($0, "gramsLeft") } ?? open.reduce(0) { $0 + A.int($1, "gramsLeft") }
    let count = summary.map { A.int($0, "brews") } ?? total / max(dose, 1)
    if question.matchesAny([
      "total", "in total", "altogether", "all together", "overall", "combined", "how much coffee", "kilo", "across",
      "how much is left", "how much left",
    ]), !MokaVocabulary.asksDose(question) {
      let counted = summary.map { A.int($0, "bags") } ?? open.count
      let listed = open.map { "\(A.string($0, "name") ?? "?") \(A.int($0, "gramsLeft")) g" }.joined(separator: ", ")
      return "You have \(total) g of coffee left in total across \(counted) bags"
        + (counted > open.count ? ". The first \(open.count): " : ": ") + listed
        + ". That is about \(count) brews in a \(cups)-cup pot (\(dose) g each)."
    }
    let perDay = brewsPerDay(question)
    if question.matchesAny([
      "brews", "how many cups", "how many pots", "enough for", "last me", "how long will", "to last", "last a while",
      "enough coffee", "enough to",
    ]) || asksBrewCount(question) || perDay != nil && question.matchesAny(["enough", "last"]) {
      // All of it in brews (and in days at a number a day), then each bag.
      let days = perDay.map { perDay in
        let days = count / perDay
        return " At \(perDay) a day that is about \(days) days" + (days >= 60 ? " (about \(days / 30) months)." : ".")
      }
      let sum = "In total \(total) g: about \(count) brews in a \(cups)-cup pot (\(dose) g each)." + (days ?? "")
      return ([sum] + open.map { brews($0, cups: cups, dose: dose, wanted: wanted, perDay: perDay) }).joined(separator: " ")
    }
    // (Which runs out first is the amount left, not the order to drink them in.)
    let runsOut = question.matchesAny(["run out", "runs out", "running out", "empty first", "gone first"])
    if !runsOut,
      question.matchesAny([
        "finish first", "use first", "first", "next", "prioriti*", "order", "before it goes", "use up", "throw out", "bin",
        "waste",
      ])
    {
      let order =
        summary.map { A.strings($0, "finishFirst") }
        ?? open.sorted { urgency($0) > urgency($1) }.compactMap {
          A.string($0, "name")
        }
      guard let first = order.first else { return "Your bags are all empty." }
      // (A bag beyond those listed is named without its state.)
      let stated = { (name: String) in all.first { A.string($0, "name") == name }.map { " (\(state($0)))" } ?? "" }
      return "Finish the \(first) first\(stated(first)). Then "
        + order.dropFirst().map { $0 + stated($0) }.joined(separator: ", ") + "."
    }
    // The summary's pick of every bag; a pick beyond those listed is named alone.
    let picked = { (key: String) -> (card: GeneratedContent?, name: String)? in
      summary.flatMap { A.string($0, key) }.map { name in (all.first { A.string($0, "name") == name }, name) }
    }
    if question.matchesAny(["oldest", "longest", "most days", "older", "earlier", "roasted first"]) {
      if let beyond = picked("oldest"), beyond.card == nil { return "Your oldest bag is the \(beyond.name)." }
      guard let oldest = picked("oldest")?.card ?? open.max(by: { A.int($0, "daysSinceRoast") < A.int($1, "daysSinceRoast") })
      else { return empty }
      let lead = named.count > 1 ? "Of the \(namedList), the older is" : "Your oldest bag is"
      return "\(lead) the \(A.string(oldest, "name") ?? "?"): \(state(oldest))."
    }
    if question.matchesAny(["newest", "freshest", "most recent", "latest", "fresher", "newer", "more recent"]) {
      if let beyond = picked("newest"), beyond.card == nil { return "Your freshest bag is the \(beyond.name)." }
      guard let newest = picked("newest")?.card ?? open.min(by: { A.int($0, "daysSinceRoast") < A.int($1, "daysSinceRoast") })
      else { return empty }
      let lead = named.count > 1 ? "Of the \(namedList), the fresher is" : "Your freshest bag is"
      return "\(lead) the \(A.string(newest, "name") ?? "?"): \(state(newest))."
    }
    // ("At least" ranks nothing.)
    let least = question.matchesAny(["least", "lowest"]) && !question.matchesAny(["at least"])
    if question.matchesAny(MokaVocabulary.runningLow) || least || runsOut {
      if let beyond = picked("lowest"), beyond.card == nil { return "The \(beyond.name) is nearly gone." }
      guard let low = picked("lowest")?.card ?? open.min(by: { A.int($0, "gramsLeft") < A.int($1, "gramsLeft") })
      else { return empty }
      return "The \(A.string(low, "name") ?? "?") is nearly gone: \(A.int(low, "gramsLeft")) g left, "
        + "\(brewCount(low, dose: dose)) brews in a \(cups)-cup pot."
    }
    if question.matchesAny(["unopened", "not opened", "sealed", "havent opened", "still closed"]) {
      let sealed = bags.filter { A.field($0, "opened")?.kind == .bool(false) }
      return sealed.isEmpty
        ? "Every bag in your cupboard has been opened."
        : "You have \(sealed.count) unopened bag\(sealed.count == 1 ? "" : "s"): "
          + sealed.map { "\(A.string($0, "name") ?? "?") (\(A.int($0, "gramsLeft")) g)" }.joined(separator: ", ") + "."
    }
    if question.matchesAny(restingWords) {
      let resting = bags.filter { A.string($0, "freshness") == "resting" }
      guard !resting.isEmpty else { return "None of your bags is still resting. " + freshnessSummary(bags) }
      return "Still resting: "
        + resting.map { "\(A.string($0, "name") ?? "?") (\(A.int($0, "daysSinceRoast")) days)" }
        .joined(separator: ", ") + "."
    }
    if question.matchesAny([
      "stale", "fresh", "freshness", "still good", "past", "old", "expired", "go off", "gone off", "fading", "peak",
    ]) {
      // Which are still fresh, when none is: say so first.
      let asksFresh = question.matchesAny(["still fresh", "which are fresh", "any fresh", "are fresh", "is fresh"])
      let none = !bags.contains { ["fresh", "resting"].contains(A.string($0, "freshness") ?? "") }
      return (asksFresh && none ? "None of your bags is fresh any more. " : "") + freshnessSummary(bags)
    }
    // How many bags, when asked.
    let howMany =
      question.matchesAny(["how many bags", "how many exactly", "how many do i", "how many coffees", "number of bags"])
      ? "You have \(bags.count) bags. " : ""
    return howMany + "In your cupboard: " + bags.map(A.bagLine).joined(separator: "; ") + "."
  }

  static let empty = "Your bags are all empty."

  /// What the bag's roast means in the pot, when the card knows it (" A light roast: it brews bright…").
  static func roastNote(_ bag: GeneratedContent) -> String {
    switch A.string(bag, "roast") {
    case "light"?: return " It is a light roast: it brews bright and acidic, so lean finer and keep the heat steady."
    case "medium"?: return " It is a medium roast: balanced and forgiving in a moka."
    case "dark"?: return " It is a dark roast: full and bitter-sweet, so lean coarser and keep the heat low."
    default: return ""
    }
  }

  /// How a bag's roast bears on a taste problem: a light roast is bright, a dark one bitter.
  static func roastAndTaste(_ bag: GeneratedContent, problem: String) -> String {
    switch (A.string(bag, "roast"), problem) {
    case ("light"?, "sour"):
      return "It is a light roast, naturally brighter and more acidic: grind a little finer and keep the heat steady. "
    case ("dark"?, "bitter"):
      return "It is a dark roast, bitter by nature: grind a touch coarser and keep the heat low. "
    default: return ""
    }
  }

  /// How a bag's age bears on how it tastes.
  static func ageAndTaste(_ bag: GeneratedContent) -> String {
    switch A.string(bag, "freshness") {
    case "stale", "fading":
      return "Beans this old taste flat and harsh: fresher beans will help more than any change of grind or heat."
    case "resting": return "Beans this fresh can taste sharp and sour until they have rested a few days."
    default: return "The beans are fresh, so the fix is in the brew."
    }
  }

  /// The roast or process a question about the user's bags asks for, as the bag card's key and value.
  static func kindAsked(_ question: Utterance) -> (key: String, value: String)? {
    if MokaVocabulary.wantsDecaf(question) { return ("decaf", "decaf") }
    if let process = MokaVocabulary.process(in: question) { return ("process", process) }
    // ("Which bag did I roast first?" names no roast: a roast level does.)
    if question.matchesAny(["light", "medium", "dark", "lighter", "darker"]), let roast = MokaVocabulary.roast(in: question) {
      return ("roast", roast)
    }
    return nil
  }

  /// Words that ask whether coffee is still resting after roasting.
  static let restingWords = ["resting", "too fresh", "degas*"]

  /// Words that ask whether a bag is still worth using or should go.
  static let discardWords = [
    "bin", "throw", "toss", "chuck", "get rid", "still use", "still ok", "still okay", "still drinkable", "worth", "any good",
    "still good", "usable", "useable",
    "safe to drink", "go bad", "gone bad",
  ]

  /// Whether a bag is still worth brewing, by its freshness: old coffee is flat, not unsafe.
  static func verdict(_ bag: GeneratedContent) -> String {
    switch A.string(bag, "freshness") ?? "" {
    case "stale":
      "It is safe to drink but stale: the aromas are mostly gone, so expect a flat, woody cup. Use it up in a dark, "
        + "strong brew (or with milk) if you do not mind, or bin it and open something fresher."
    case "fading":
      "Keep it: it is past its peak but still good in a moka. Use it up in the next week or two, before fresher bags."
    case "resting":
      "Keep it: it is only a few days from roast and will taste better after a few more days of rest."
    default:
      "Keep it: it is fresh, at its best now."
    }
  }

  /// Words that ask for something computed from the bags (amounts, brews, freshness, order).
  static let computations =
    [
      "brews", "brew", "enough", "left", "remaining", "how much", "how many", "total", "fresh", "freshness", "freshest",
      "stale", "old", "oldest", "newest", "finish", "use first", "expired", "still good", "past", "roasted", "days",
      "last me", "run out", "runs out", "ran out", "running", "usable", "useable", "drinkable", "still ok", "worth using",
      "unopened", "opened", "fading", "peak", "use up", "gone",
      "fresher", "older", "newer", "longest",
      // ("Can I do a 3-cup with the last of the Huila?": enough for a brew.)
      "the last of", "can i do", "can i make", "could i do", "could i make",
    ] + discardWords + MokaVocabulary.runningLow

  /// Words that compare bags: a question with one needs all of them.
  static let comparisons = [
    "oldest", "newest", "freshest", "stalest", "most", "least", "first", "total", "altogether", "which", "lowest", "longest",
    "fresher", "older", "newer",
  ]

  static func asksComparison(_ question: Utterance) -> Bool {
    comparisons.contains { question.matches(Phrase($0, fuzzy: false)) }
  }

  static func asksComputation(_ question: Utterance) -> Bool {
    computations.contains { question.matches(Phrase($0, fuzzy: false)) }
  }

  static func detail(_ bag: GeneratedContent) -> String {
    "Your \(A.string(bag, "name") ?? "?") (\(A.string(bag, "bean") ?? "?") from \(A.string(bag, "roaster") ?? "?")): "
      + "\(A.int(bag, "gramsLeft")) g left, \(state(bag))"
      + (A.field(bag, "opened")?.kind == .bool(false) ? ", still unopened." : ".")
  }

  /// Whether the question asks how many brews or pots something makes ("how many 3-cup pots is that?").
  static func asksBrewCount(_ question: Utterance) -> Bool {
    question.matches(Phrase("how many", fuzzy: false))
      && ["pot", "pots", "brew", "brews", "moka", "mokas", "times", "cups"].contains(where: question.words.contains)
  }

  /// The number of brews a question asks to have enough for ("four 2-cup pots", "five times",
  /// "the week" of daily brews), if any.
  static func brewsWanted(_ question: Utterance) -> Int? {
    let words = question.words
    let daily = ["last", "enough", "every day", "each day", "a day", "per day", "daily", "every morning"].contains(where: {
      question.matches(Phrase($0, fuzzy: false))
    })
    // "Will it last the week?", "a pot a day for two weeks": a brew a day.
    if daily, let weeks = words.firstIndex(where: { $0 == "week" || $0 == "weeks" }) {
      let count = weeks > 0 ? Utterance(words[weeks - 1]).firstNumber : nil
      return 7 * (count.flatMap { (1...8).contains($0) ? $0 : nil } ?? 1) * (brewsPerDay(question) ?? 1)
    }
    // "Is there enough to brew that twice?"
    if words.contains("twice") { return 2 }
    for (index, word) in words.enumerated() {
      guard let value = Utterance(word).firstNumber, (1...60).contains(value) else { continue }
      let next = words.dropFirst(index + 1).first ?? ""
      if ["times", "brews", "mornings", "days", "pots", "mokas"].contains(next) { return value }
      // "two 3-cup pots": a count before a pot size.
      if let size = Utterance(next).firstNumber, BrewAdviceTool.potSizes.contains(size),
        words.dropFirst(index + 2).first?.hasPrefix("cup") == true,
        ["pot", "pots", "mokas", "brews"].contains(words.dropFirst(index + 3).first ?? "")
      {
        return value
      }
    }
    // One brew of a pot size, asked whether the coffee makes it ("enough for my 2-cup?", "can I
    // get a 3-cup out of it?").
    let oneBrew = question.matchesAny(["enough for", "out of it", "out of that", "out of what", "enough left"])
    if oneBrew, let size = MokaToolRules.cups(in: question), BrewAdviceTool.potSizes.contains(size) { return 1 }
    return nil
  }

  /// How many brews a day the question counts on ("twice a day", "three pots a day"), if it says.
  static func brewsPerDay(_ question: Utterance) -> Int? {
    let words = question.words
    guard
      let day = words.indices.first(where: { index in
        words[index] == "daily"
          || index > 0 && ["day", "morning"].contains(words[index]) && ["a", "per", "each", "every"].contains(words[index - 1])
      })
    else { return nil }
    let before = words[max(0, day - 4)..<day]
    if before.contains("twice") { return 2 }
    for (offset, word) in zip(before.indices, before) {
      guard let count = Utterance(word).firstNumber, (2...6).contains(count) else { continue }
      let next = offset + 1 < words.count ? words[offset + 1] : ""
      if ["times", "pots", "brews", "mokas", "x"].contains(next) { return count }
    }
    // One pot a day ("one 6-cup pot each day", "a moka a day").
    let single = words[max(0, day - 6)..<day]
    if single.contains(where: { ["pot", "moka", "brew", "once"].contains($0) }),
      single.contains(where: { ["one", "a", "1", "once"].contains($0) })
    {
      return 1
    }
    return nil
  }

  static func brews(_ bag: GeneratedContent, cups: Int, dose: Int, wanted: Int? = nil, perDay: Int? = nil) -> String {
    let count = brewCount(bag, dose: dose)
    let name = A.string(bag, "name") ?? "?"
    if let wanted {
      let need = wanted * dose
      let left = A.int(bag, "gramsLeft")
      let brews = wanted == 1 ? "one brew" : "\(wanted) brews"
      let take = wanted == 1 ? "takes" : "take"
      // At several brews a day, how many days that is.
      let days = perDay.map { " At \($0) a day that lasts \(count / $0) days." } ?? ""
      return left >= need
        ? "Yes: \(brews) in a \(cups)-cup pot \(take) \(need) g and the \(name) has \(left) g (enough for \(count))." + days
        : "No: \(brews) in a \(cups)-cup pot \(take) \(need) g and the \(name) has only \(left) g, \(need - left) g short "
          + "(enough for \(count))."
          + days
    }
    guard count > 0 else {
      let small = A.optionalInt(bag, "largestPot")
      return "\(name): \(A.int(bag, "gramsLeft")) g is not enough for a full brew in a \(cups)-cup pot (\(dose) g)"
        + (small.map { ", but enough for a \($0)-cup pot." } ?? ".")
    }
    return "\(name): \(A.int(bag, "gramsLeft")) g is enough for \(count) brews in a \(cups)-cup pot "
      + "(\(dose) g of coffee and \(BrewAdviceTool.Output.water(cups: cups)) ml of water each)."
  }

  static func brewCount(_ bag: GeneratedContent, dose: Int) -> Int { A.int(bag, "gramsLeft") / max(dose, 1) }

  /// "roasted 103 days ago, stale (out of date)".
  static func state(_ bag: GeneratedContent) -> String {
    let freshness = A.string(bag, "freshness") ?? "?"
    let wording =
      [
        "stale": "stale: out of date, past its best", "fading": "fading: past its peak, use it soon",
        "fresh": "fresh", "resting": "resting: too fresh, best after a few more days",
      ][freshness] ?? freshness
    return "roasted \(A.int(bag, "daysSinceRoast")) days ago, \(wording)"
  }

  /// Higher for bags that should be used sooner, as the cupboard tool ranks them.
  static func urgency(_ bag: GeneratedContent) -> (rank: Int, days: Int) {
    let freshness = A.string(bag, "freshness").flatMap(CupboardTool.BagCard.Freshness.init(rawValue:)) ?? .fresh
    return CupboardTool.BagCard.urgency(freshness, daysSinceRoast: A.int(bag, "daysSinceRoast"))
  }

  static func freshnessSummary(_ bags: [GeneratedContent]) -> String {
    let groups = ["stale", "fading", "fresh", "resting"].compactMap { freshness -> String? in
      let names = bags.filter { A.string($0, "freshness") == freshness }
        .map { "\(A.string($0, "name") ?? "?") (\(A.int($0, "daysSinceRoast")) days)" }
      guard !names.isEmpty else { return nil }
      let label =
        ["stale": "Stale, out of date", "fading": "Fading, past peak", "fresh": "Fresh", "resting": "Resting"][freshness]
        ?? freshness
      return "\(label): \(names.joined(separator: ", "))"
    }
    return groups.joined(separator: ". ") + "."
  }

  static func compare(_ bag: GeneratedContent, _ reference: GeneratedContent) -> String {
    let aging = ["stale", "fading"].contains(A.string(bag, "freshness") ?? "")
    return "Your \(A.string(bag, "name") ?? "bag") (\(A.int(bag, "gramsLeft")) g left) is \(A.string(reference, "name") ?? "?") "
      + "in the reference corpus: from \(A.string(reference, "origin") ?? "?"), "
      + "\(A.string(reference, "process") ?? "") process, \(A.string(reference, "roast") ?? "") roast, notes of "
      + "\(A.list(A.strings(reference, "notes"))), body \(A.int(reference, "body"))/5, acidity \(A.int(reference, "acidity"))/5. "
      + "It was \(state(bag)), "
      + (aging ? "so expect flatter, woodier cups than that profile." : "so it should still taste close to that profile.")
  }
}
