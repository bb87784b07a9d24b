import Foundation
import Ristretto
import RistrettoRules

/// When the rule-based model calls each moka tool, and the arguments it proposes.
enum MokaToolRules {
  static func rules(bagNames: [String]) -> [ToolRule] {
    let bags = bagNames.map { $0.lowercased() }
    return [
      ToolRule(tool: "tasteQuiz", triggers: .weighted(8, ["quiz", "taste profile", "my taste", "what do i like", "preferences"]))
      {
        GeneratedContent(properties: ["likes": MokaVocabulary.likes(in: $0)])
      },
      ToolRule(
        tool: "cupboard",
        triggers: MokaRouting.cupboardPhrases + bags.flatMap { [Phrase("my \($0)", weight: 3), Phrase($0, weight: 1.5)] }
      ) { utterance in
        let bag = bags.first { utterance.matches(Phrase($0)) }
        let compare = ["compare", "reference", "profile", "versus", "vs", "differ", "supposed to taste", "should taste"]
          .contains { utterance.matches(Phrase($0)) }
        let action = compare ? "compare" : bag == nil ? "list" : "detail"
        return GeneratedContent(properties: ["action": action, "bag": bag])
      },
      ToolRule(
        tool: "brewAdvice",
        triggers: MokaRouting.techniquePhrases.filter { $0.weight >= 2 }
          + .weighted(2, ["recipe", "how do i make", "dose", "dial in", "dialing in", "cup", "cups", "sour", "weak", "strong"])
      ) { utterance in
        GeneratedContent(properties: [
          "cups": cups(in: utterance), "problem": MokaVocabulary.problem(in: utterance) ?? "none",
        ])
      },
      ToolRule(tool: "searchBeans", triggers: MokaRouting.beansPhrases) { utterance in
        var prefer: String?
        if utterance.matches("low acid*") || utterance.matches("lowest acid*") || utterance.matches("not sour")
          || utterance.matches("dont like sour")
        {
          prefer = "lowAcidity"
        } else if utterance.matches("bright") || utterance.matches("high acid*") {
          prefer = "highAcidity"
        } else if utterance.matches("full body") || utterance.matches("fullest") || utterance.matches("strongest") {
          prefer = "fullBody"
        } else if utterance.matches("sweet*") {
          prefer = "sweet"
        }
        return GeneratedContent(properties: [
          "origin": MokaVocabulary.origin(in: utterance), "roast": MokaVocabulary.roast(in: utterance),
          "process": MokaVocabulary.process(in: utterance), "note": MokaVocabulary.flavour(in: utterance), "prefer": prefer,
          "limit": utterance.firstNumber ?? 3,
        ])
      },
      ToolRule(
        tool: "webSearch",
        triggers: .weighted(
          3, ["search the web", "search online", "online", "google", "look up", "web", "internet", "reviews", "review"])
          + .weighted(2, ["price", "prices", "cost", "how much does", "how much is a", "bialetti", "brand", "deal", "cheapest"])
      ) { utterance in
        GeneratedContent(properties: ["query": searchQuery(utterance.original)])
      },
      ToolRule(
        tool: "nearbyCafes",
        triggers: .weighted(
          3,
          [
            "near me", "nearby", "around here", "close by", "closest", "nearest", "in town", "open now", "where can i buy",
            "where to buy", "where can i get", "where can i find", "vicino", "cerca de", "pres de", "in der nahe",
          ]) + .weighted(2, ["cafe", "cafes", "coffee shop", "roaster", "roastery", "shop", "store", "buy", "bar"])
      ) { utterance in
        var need = "any"
        if utterance.matches("bean*") || utterance.matches("roaster*") || utterance.matches("bag of") { need = "beans" }
        if NearbyCafesTool.gearWords.contains(where: { utterance.matches(Phrase($0 + "*")) }) { need = "gear" }
        if utterance.matches("espresso") || utterance.matches("drink") || utterance.matches("cappuccino") { need = "espresso" }
        let openNow = utterance.matches("open now") || utterance.matches("open right now") || utterance.matches("still open")
        return GeneratedContent(properties: ["need": need, "openNow": openNow, "limit": utterance.firstNumber ?? 3])
      },
      ToolRule(
        tool: "offerChoices",
        triggers: .weighted(
          3, ["help me choose", "help me decide", "help me pick", "options", "not sure", "dont know", "choose", "pick one"])
      ) { utterance in
        if utterance.matches("roast") {
          return GeneratedContent(properties: [
            "question": "Which roast do you want to explore?",
            "options": ["Light and bright", "Medium and balanced", "Dark and chocolatey"],
          ])
        }
        return GeneratedContent(properties: [
          "question": "What would you like to do?",
          "options": ["Find beans I would like", "Check my cupboard", "Fix my brew", "Find a cafe nearby"],
        ])
      },
    ]
  }

  /// The pot size mentioned ("6-cup", "three cups"), or 3.
  static func cups(in utterance: Utterance) -> Int {
    let words = utterance.words
    for (index, word) in words.enumerated() where word.hasPrefix("cup") || word.hasPrefix("tazz") || word.hasPrefix("taza") {
      if index > 0, let value = Utterance(words[index - 1]).firstNumber { return value }
    }
    return 3
  }

  /// The question without "search the web for" and similar openings.
  static func searchQuery(_ text: String) -> String {
    var query = text
    for prefix in ["search the web for", "search online for", "look up", "google", "search for", "can you"] {
      if let range = query.range(of: prefix, options: [.caseInsensitive, .anchored]) { query.removeSubrange(range) }
    }
    return query.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
  }
}
