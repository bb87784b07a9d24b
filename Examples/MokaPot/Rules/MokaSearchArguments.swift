import Foundation
import Ristretto
import RistrettoRules

/// The arguments of a bean search read from a question: origin (a region, a country, a
/// continent, a bean named by a word of its name, or a place the vocabulary does not know),
/// roast, process, notes, decaf, species and a preference; and the small readings the rules
/// share (a preference of acidity or body, a bag chosen for a pot, the item singled out).
extension MokaToolRules {
  /// The search the question asks for; a follow-up on earlier results keeps that search's filters.
  /// `beanCountries` gives the origin of a bean named by a word of its name ("the Gesha").
  static func searchArguments(
    _ utterance: Utterance, context: RuleContext, regions: [String: String] = [:], beanCountries: [String: String] = [:]
  ) -> GeneratedContent {
    var arguments: [String: GeneratedContent] = [:]
    // ("Only the washed ones": the beans just shown, narrowed. "A decaf from there?": their origin.)
    let narrows = ["just", "only"].contains(utterance.words.first ?? "")
    let sameOrigin = utterance.matchesAny(["from there", "from the same", "same origin", "same country"])
    if MokaReferences.refersBack(utterance) || narrows || sameOrigin, MokaReferences.lastKind(context) == "beans",
      let earlier = context.latest("searchBeans")?.arguments
    {
      // (Another origin asked for leaves the earlier one behind: "…but from another country".)
      let otherOrigin = utterance.matchesAny([
        "somewhere else", "elsewhere", "another country", "other country", "another origin", "different origin",
      ])
      let kept = sameOrigin && !narrows ? ["origin"] : ["origin", "roast", "process", "decaf", "species", "prefer"]
      for key in kept where key != "origin" || !otherOrigin {
        if let value = MokaAnswers.field(earlier, key), value.kind != .null { arguments[key] = value }
      }
      let notes = MokaAnswers.strings(earlier, "notes")
      if !notes.isEmpty, kept.count > 1 { arguments["notes"] = GeneratedContent(notes) }
    }
    // Something similar to one of the user's bags: beans from the same origin.
    if ["similar", "something like", "alternative", "replace", "same kind"].contains(where: {
      utterance.matches(Phrase($0, fuzzy: false))
    }),
      MokaReferences.lastKind(context) != "beans",
      // (The bag named, the one the conversation singled out, or the only one shown.)
      let bag = MokaReferences.lastBags(context).first(where: { bag in
        MokaAnswers.string(bag, "name").map { name in
          MokaReferences.bag(utterance, bagNames: NameIndex([name]), context: context) == name
            || MokaReferences.lastBags(context).count == 1
        } ?? false
      }) ?? singledOut(MokaReferences.lastBags(context), context),
      let origin = MokaVocabulary.origin(in: Utterance(MokaAnswers.string(bag, "bean") ?? ""))
    {
      arguments["origin"] = GeneratedContent(origin)
    }
    // "It" after a question that named a bean, with no beans or bags shown since ("how much is the
    // Gesha?", then "what does it taste like?"): the origin that question named.
    if MokaReferences.refersBack(utterance), !["beans", "bags"].contains(MokaReferences.lastKind(context) ?? ""),
      arguments["origin"] == nil, !MokaFollowUps.namesBeanFilter(utterance), let earlier = context.earlierQuestions.last
    {
      let before = searchArguments(Utterance(earlier), context: RuleContext(), regions: regions, beanCountries: beanCountries)
      if let origin = MokaAnswers.field(before, "origin"), origin.kind != .null { arguments["origin"] = origin }
    }
    // A region and its country both named ("Kenya Nyeri", "Nyeri in Kenya"): the one named first.
    // (A region's demonym is the region: "a Sumatran".)
    // (And the other spelling of a variety: "Geisha" is the Gesha.)
    let words = utterance.words.map { word in
      regions[word] == nil && word.hasSuffix("n") && regions[String(word.dropLast())] != nil ? String(word.dropLast()) : word
    }.map { $0 == "geisha" ? "gesha" : $0 }
    let regionAt = words.firstIndex { regions[$0] != nil }
    let countryAt = words.indices.first { index in
      guard regions[words[index]] == nil else { return false }
      if MokaVocabulary.origin(in: Utterance(words[index])) != nil { return true }
      // A country of two words ("costa rica") starts here, not at the next word.
      return index + 1 < words.count && MokaVocabulary.origin(in: Utterance(words[index + 1])) == nil
        && MokaVocabulary.origin(in: Utterance(words[index] + " " + words[index + 1])) != nil
    }
    // (Two regions named are two beans to search for, each by its region.)
    let oneRegion = Set(words.compactMap { regions[$0] }).count == 1
    // (Unless the region is where the coffee is "from": "a Kenyan coffee from Nyeri".)
    let regionFrom = regionAt.map { $0 > 0 && words[$0 - 1] == "from" } ?? false
    let countryFirst =
      oneRegion && !regionFrom && regionAt.map { region in countryAt.map { $0 < region } ?? false } ?? false
    let region = countryFirst ? nil : regionAt.flatMap { regions[words[$0]] }
    // (Written as a name, capitalised or after "the": "I fancy something" names no bean.)
    let capitalised = Set(
      utterance.original.split(whereSeparator: { !$0.isLetter }).filter { $0.first?.isUppercase == true }.map {
        $0.lowercased() == "geisha" ? "gesha" : $0.lowercased()
      })
    let beanCountry = words.indices.lazy.filter { index in
      capitalised.contains(words[index]) || index > 0 && ["the", "that", "your", "this"].contains(words[index - 1])
    }.compactMap { beanCountries[words[$0]] }.first
    // (An origin turned down is no origin asked: "something fruity, just not from Kenya".)
    let refused = MokaVocabulary.negatedOrigins(in: utterance)
    let named = MokaVocabulary.namedOrigins(in: utterance).first { !refused.contains($0) }
    let unknown =
      beanCountry == nil && region == nil && named == nil && refused.isEmpty && !utterance.words.contains("geisha")
      ? unknownOrigin(in: utterance) : nil
    if let origin = region ?? named ?? beanCountry ?? unknown {
      arguments["origin"] = GeneratedContent(origin)
    } else if !refused.isEmpty {
      arguments["origin"] = nil
    }
    if let roast = MokaVocabulary.roast(in: utterance) { arguments["roast"] = GeneratedContent(roast) }
    if let process = MokaVocabulary.process(in: utterance) { arguments["process"] = GeneratedContent(process) }
    // (A note turned down is left out: the search cannot exclude it.)
    let turnedDown = MokaVocabulary.negatedFlavours(in: utterance)
    let notes = MokaVocabulary.flavours(in: utterance).filter { !turnedDown.contains($0) }
    if !notes.isEmpty { arguments["notes"] = GeneratedContent(notes) }
    if MokaVocabulary.wantsDecaf(utterance) { arguments["decaf"] = GeneratedContent(true) }
    if let species = MokaVocabulary.species(in: utterance) { arguments["species"] = GeneratedContent(species) }
    if let prefer = preference(in: utterance) { arguments["prefer"] = GeneratedContent(prefer) }
    let more = utterance.matches(Phrase("more", fuzzy: false)) && MokaReferences.refersBack(utterance)
    // "Which Rwandan beans do you know?" asks for the list the corpus holds, not a pick.
    let enumerates =
      ["what", "which"].contains(utterance.words.first ?? "")
      && utterance.matchesAny(["do you have", "do you know", "have you got", "are there", "do you carry", "you got"])
    arguments["limit"] = GeneratedContent(MokaVocabulary.resultCount(in: utterance) ?? (more || enumerates ? 5 : 3))
    let keys = ["origin", "roast", "process", "notes", "decaf", "species", "prefer", "limit"].filter { arguments[$0] != nil }
    return GeneratedContent(kind: .structure(properties: arguments, orderedKeys: keys))
  }

  /// A bag chosen for a pot size, said rather than asked, with nothing to count ("the Huila sounds
  /// good, in the 2-cup"): its recipe. ("Dial in", "can I still", "how many" are the cupboard's.)
  static func choosesBagForPot(_ utterance: Utterance) -> Bool {
    let counts = utterance.matchesAny([
      "left", "enough", "how many", "how much", "last", "brews", "pots", "remaining", "dial*", "still", "can i", "help",
    ])
    let said = !utterance.original.contains("?") && utterance.words.count <= 8
    return cups(in: utterance) != nil && said && !counts && MokaVocabulary.problem(in: utterance) == nil
  }

  /// The one of `items` the conversation singled out last, if exactly one.
  static func singledOut(_ items: [GeneratedContent], _ context: RuleContext) -> GeneratedContent? {
    let referents = MokaReferences.referents(items, in: context)
    return referents.count == 1 ? referents.first : nil
  }

  static func preference(in utterance: Utterance) -> String? {
    // Sourness or acidity disliked ("no sour coffee, please", "nothing acidic"): low acidity.
    let words = utterance.words
    let dislikesAcid = words.indices.contains { index in
      ["sour", "acidic", "acidity", "acid", "tart", "tangy"].contains(words[index])
        && words[max(0, index - 3)..<index].contains {
          ["dont", "not", "no", "hate", "avoid", "without", "nothing", "isnt"].contains($0)
        }
    }
    if dislikesAcid { return "lowAcidity" }
    if utterance.matchesAny([
      "low acid*", "lowest acid*", "less acid*", "least acid*", "not sour", "not acidic", "no acid*", "smooth*", "gentle*",
      // Acidity is what a sensitive stomach notices.
      "stomach", "reflux", "heartburn",
    ]) {
      return "lowAcidity"
    }
    if utterance.matchesAny(["bright*", "high acid*", "lively", "zingy", "juicy", "most acid*"]) { return "highAcidity" }
    if utterance.matchesAny([
      "full body", "full bodied", "fuller", "fullest", "heavy", "heavier", "heaviest", "bold*", "strong*", "most body", "rich",
      "corpos*", "kraftig*", "con cuerpo", "corse",
      // Body is what carries through milk.
      "with milk", "in milk", "add milk", "milky", "latte", "lattes",
    ]) && !utterance.matchesAny(["milk chocolate"]) {
      return "fullBody"
    }
    if utterance.matchesAny(["sweet*"]) { return "sweet" }
    return nil
  }

  /// A place named after "from" or "in" that the vocabulary does not know, written with a capital
  /// ("beans from Tasmania"): searched as given, so the answer can say the corpus has none.
  static func unknownOrigin(in utterance: Utterance) -> String? {
    let tokens = utterance.original.split(whereSeparator: { !$0.isLetter })
    for (index, token) in tokens.enumerated().dropLast() where ["from", "in"].contains(token.lowercased()) {
      // (Past an article: "from the Azores".)
      let skip = tokens[index + 1].lowercased() == "the" && index + 2 < tokens.count ? 2 : 1
      let next = tokens[index + skip]
      guard let first = next.first, first.isUppercase, next.count > 2 else { continue }
      return String(next)
    }
    // Or a name with capitals asked for ("do you have Blue Ridge Reserve?"), not opening the sentence.
    for (index, token) in tokens.enumerated().dropLast()
    where ["have", "got", "stock", "carry", "sell"].contains(token.lowercased()) {
      let name = tokens[(index + 1)...].prefix { $0.first?.isUppercase == true && $0 != "I" }
      guard name.count >= 1, name.joined().count > 3,
        MokaVocabulary.namedOrigins(in: Utterance(name.joined(separator: " "))).isEmpty,
        !name.contains(where: { MokaKnowledge.potWords.contains($0.lowercased()) })
      else { continue }
      return name.joined(separator: " ")
    }
    // Or written with capitals just before "coffee" or "beans", not opening the sentence: "got any Galapagos beans?".
    for (index, token) in tokens.enumerated().dropFirst() where ["coffee", "coffees", "beans"].contains(token.lowercased()) {
      let name = tokens[..<index].reversed().prefix { token in
        // (Words of the app's own vocabulary are no place: "Moka coffee", "Decaf beans", "Dark coffee".)
        let word = Utterance(String(token))
        return token.first?.isUppercase == true && token != "I" && !MokaKnowledge.says(word, MokaKnowledge.potWords)
          && MokaVocabulary.namedOrigins(in: word).isEmpty
          && MokaVocabulary.roast(in: word) == nil && MokaVocabulary.process(in: word) == nil
          && MokaVocabulary.flavours(in: word).isEmpty && !MokaVocabulary.wantsDecaf(word)
          && !["Good", "Best", "Espresso", "Filter", "Instant", "Specialty", "Arabica", "Robusta", "Fresh", "Ground", "Whole"]
            .contains(String(token))
      }.reversed()
      guard let start = name.first.map({ _ in index - name.count }), start > 0, name.joined().count > 2 else { continue }
      return name.joined(separator: " ")
    }
    return nil
  }
}
