import RistrettoRules

/// The words of the brewing problems, and what a question about brewing asks: the problem
/// that best matches it, a dose, beans ranked by a taste rather than a brew to fix, coffee that
/// will not rise, a bag close to its end.
extension MokaVocabulary {
  /// Whether the question asks how much coffee or water goes into a brew ("how much coffee do I
  /// use?", "how much should I put in?"): a dose, not an amount the user has.
  static func asksDose(_ utterance: Utterance) -> Bool {
    let words = utterance.words
    return words.indices.dropLast().contains { index in
      guard words[index] == "how", words[index + 1] == "much" else { return false }
      let after = Array(words[(index + 2)...].prefix(4))
      // ("How much goes into the basket?" is a dose; "how much would one go for?" a price.)
      let goesIn = after.indices.dropLast().contains {
        ["go", "goes"].contains(after[$0]) && ["in", "into"].contains(after[$0 + 1])
      }
      return (["use", "put", "add", "need"].contains(where: after.contains) || goesIn)
        && !after.contains("left") && !after.contains("buy")
    }
  }

  /// The brewing problem that best matches `utterance`: the most phrases matched, the more urgent on a tie.
  static func problem(in utterance: Utterance) -> String? {
    // A bean wanted "less bitter" or "not as sour" describes beans, not a brew to fix ("suggest
    // something less harsh"); "tips to make it less bitter" is the brew's.
    if wantsLessOf(utterance) { return nil }
    var best: (problem: String, score: Int)?
    for entry in problems {
      var score = entry.phrases.filter { utterance.matches(Phrase($0, fuzzy: false)) }.count
      // A new pot is the circumstance; a symptom named with it ("my first pot ever, and the coffee
      // is weak") is what to fix.
      if entry.problem == "firstUse" { score = min(score, 1) }
      if entry.problem == "noFlow", score == 0, saysNothingRises(utterance) { score = 1 }
      if score > 0, score > (best?.score ?? 0) { best = (entry.problem, score) }
    }
    return best?.problem
  }

  /// Whether the question asks for beans with less of a taste ("recommend one less bitter"), or ranks
  /// them by one ("the least bitter beans").
  static func wantsLessOf(_ utterance: Utterance) -> Bool {
    let words = utterance.words
    let less = words.indices.dropLast().contains { index in
      ["less", "lower"].contains(words[index])
        && ["bitter", "sour", "acidic", "harsh", "burnt", "sharp"].contains(words[index + 1])
    }
    // A superlative ranks beans ("the most acidic coffees you know"); a brew is not ranked.
    let ranked = words.indices.dropLast().contains { index in
      ["most", "least"].contains(words[index]) && ["bitter", "sour", "acidic", "tangy"].contains(words[index + 1])
    }
    let asked = utterance.matchesAny(["recommend*", "suggest*", "replace*", "replacement", "a bean", "something", "another"])
    return (ranked || less && asked) && !utterance.matchesAny(["tips", "how", "make it", "make my", "brew it", "fix"])
  }

  /// Whether the question says the coffee does not rise or come through ("it isn't pushing any
  /// coffee up", "the water never rises"): a negation shortly before a verb of flowing.
  static func saysNothingRises(_ utterance: Utterance) -> Bool {
    let negations: Set<String> = ["not", "isnt", "wont", "doesnt", "didnt", "never", "no", "nothing", "cant", "arent", "aint"]
    let flowing: Set<String> = [
      "push", "pushing", "pushes", "rise", "rises", "rising", "flow", "flows", "flowing", "percolate", "percolates",
      "percolating",
    ]
    // ("It never comes up": coming out, up or through is flowing too.)
    let coming: Set<String> = ["come", "comes", "coming", "came"]
    let words = utterance.words
    return words.indices.contains { index in
      guard negations.contains(words[index]) else { return false }
      let next = words[(index + 1)...].prefix(3)
      let comesOut = next.indices.contains { at in
        coming.contains(words[at]) && at + 1 < words.count && ["out", "up", "through"].contains(words[at + 1])
      }
      return next.contains(where: flowing.contains) || comesOut
    }
  }
}
