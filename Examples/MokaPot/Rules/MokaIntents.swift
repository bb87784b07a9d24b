import Foundation
import Ristretto
import RistrettoRules

/// The requests of a question that asks for several things at once ("a chocolatey medium roast,
/// and is anywhere open now to buy beans?"): the question split into clauses, and the tool each
/// clause asks for on its own, scored by the same ``ToolRule``s that choose a turn's first tool.
///
/// The router sends a question whose clauses need the tools of two specialists to the general one
/// (which holds every tool), and the answer step calls the tool of each clause that has not run
/// yet, so every part of the question is answered from data.
struct MokaIntents: Sendable {
  /// One clause and the tool it asks for.
  struct Intent: Equatable {
    /// The tool's name.
    var tool: String
    /// The clause.
    var part: Utterance
  }

  let rules: [ToolRule]
  /// The user's bag names, lower-cased: a clause naming one is about the bags, whatever else it names.
  let bagNames: NameIndex

  init(rules: [ToolRule], bagNames: NameIndex) {
    self.rules = rules
    self.bagNames = bagNames
  }

  /// The requests read with the moka tool rules for `data`.
  init(data: MokaData) {
    let tags = MokaTags(data: data)
    self.init(rules: MokaToolRules.rules(tags: tags, bagNames: tags.bags), bagNames: tags.bags)
  }

  /// Words that join two requests in one question ("&", "+" and dashes join them as tokens of their own).
  static let joiners: Set<String> = ["and", "also", "plus", "then"]

  /// The question's clauses: split at sentence punctuation, commas, semicolons, dashes and the
  /// joining words; a clause of fewer than two words is no request of its own. With `merging`, a
  /// clause that points back joins the one before it.
  static func parts(_ question: Utterance, merging: Bool = true) -> [Utterance] {
    clauses(question, merging: merging).map(\.part)
  }

  /// Punctuation and symbols, trimmed from a word before it is compared with the joiners.
  private static let marks = CharacterSet.punctuationCharacters.union(.symbols)

  /// The clauses of ``parts(_:merging:)``, each with whether it asks for something: a clause
  /// that points back and asks ("…left, how many pots is that?") makes the one it joins a request.
  /// A clause whose words repeat an earlier clause's adds no request and is left out, so the
  /// work is bounded by the distinct clauses, not by the length of the text.
  static func clauses(_ question: Utterance, merging: Bool = true) -> [(part: Utterance, asks: Bool)] {
    var clauses: [String] = []
    var current: [Substring] = []
    func close() {
      if !current.isEmpty { clauses.append(current.joined(separator: " ")) }
      current = []
    }
    for token in question.original.split(whereSeparator: \.isWhitespace) {
      let bare = token.trimmingCharacters(in: marks).lowercased()
      if joiners.contains(bare) || ["&", "+", "-", "\u{2013}", "\u{2014}"].contains(token) {
        close()
        continue
      }
      current.append(token)
      if let last = token.last, ",;?!.:".contains(last) { close() }
    }
    close()
    // A clause that points back ("…, and when did I open it?") asks about the clause before it:
    // the two are one request. Each distinct clause is read once, however often the text repeats it.
    var read: [String: (part: Utterance, asks: Bool, pointsBack: Bool)] = [:]
    var merged: [(part: Utterance, asks: Bool)] = []
    for text in clauses {
      let clause: (part: Utterance, asks: Bool, pointsBack: Bool)
      if let known = read[text] {
        clause = known
      } else {
        let part = Utterance(text)
        clause = (part, isRequest(part), merging && pointsBack(part))
        read[text] = clause
      }
      if let previous = merged.last, clause.pointsBack {
        merged[merged.count - 1] = (Utterance(previous.part.original + " " + text), previous.asks || clause.asks)
      } else {
        merged.append((clause.part, clause.asks))
      }
    }
    var distinct: [(part: Utterance, asks: Bool)] = []
    var positions: [[String]: Int] = [:]
    for clause in merged where clause.part.words.count >= 2 {
      if let earlier = positions[clause.part.words] {
        distinct[earlier].asks = distinct[earlier].asks || clause.asks
      } else {
        positions[clause.part.words] = distinct.count
        distinct.append(clause)
      }
    }
    return distinct
  }

  /// Words by which a clause points back at what an earlier clause named.
  static let backReferences: Set<String> = [
    "it", "its", "them", "they", "their", "there", "that", "those", "this", "one", "ones",
  ]

  /// Whether a clause points back at the one before it, or only qualifies it ("…, but light roasted?").
  /// ("Is there a cafe…" points nowhere: that "there" only says something exists.)
  static func pointsBack(_ clause: Utterance) -> Bool {
    let words = clause.words
    if let first = words.first, ["but", "only", "without", "except", "preferably", "ideally"].contains(first) { return true }
    return words.indices.contains { index in
      backReferences.contains(words[index])
        && !(words[index] == "there" && index > 0
          && ["is", "are", "was", "were", "any", "anything", "anywhere"].contains(words[index - 1]))
    }
  }

  /// Words that open a request: a question or an imperative. A clause that opens otherwise and
  /// does not end in a question mark states the situation ("my gasket is cracked, where can I get
  /// one?"), and asks for nothing of its own.
  static let requestOpeners: Set<String> = [
    "what", "whats", "which", "where", "wheres", "when", "how", "hows", "who", "whos", "why", "is", "are", "was", "can", "could",
    "do", "does", "did", "will", "would", "should", "shall", "have", "has", "any", "anything", "anywhere", "tell", "show", "give",
    "list", "find", "recommend", "suggest", "check", "compare", "pick", "help", "let", "whether", "if", "got", "search", "look",
    "please", "pls",
  ]

  /// Whether a clause asks for something rather than describing the situation.
  static func isRequest(_ part: Utterance) -> Bool {
    if part.original.trimmingCharacters(in: .whitespaces).hasSuffix("?") { return true }
    let words = part.words.drop { ["so", "ok", "okay", "well", "oh", "hi", "hey", "and", "but", "now"].contains($0) }
    return words.first.map(requestOpeners.contains) ?? false
  }

  /// The tools `part` asks for on its own: the best-scoring rules at or above their least score
  /// (several when they tie).
  func tools(for part: Utterance, context: RuleContext) -> [String] {
    let scores = toolsAsked(in: part, context: context).filter { $0.value >= 0 }
    guard let best = scores.values.max() else { return [] }
    return rules.map(\.tool).filter { scores[$0] == best }
  }

  /// The score of every tool whose rule reaches its least score for `utterance`.
  func toolsAsked(in utterance: Utterance, context: RuleContext) -> [String: Double] {
    var scores: [String: Double] = [:]
    for rule in rules {
      let score = utterance.score(rule.triggers) + rule.contextScore(utterance, context)
      if score >= rule.minimumScore { scores[rule.tool] = score }
    }
    return scores
  }

  /// The requests of a question in two or more clauses, one per tool, in the order asked; empty
  /// for a question of one clause or one tool.
  func intents(_ question: Utterance, context: RuleContext = RuleContext()) -> [Intent] {
    let clauses = Self.clauses(question)
    guard clauses.count >= 2 else { return [] }
    var intents: [Intent] = []
    for (part, asks) in clauses where asks {
      // (Of tools that tie, one no earlier clause asked for: a new clause asks for something new.)
      // (Searching the web is how to answer another clause, "…? check online", not a request of its own.)
      let tools = tools(for: part, context: context).filter { $0 != "webSearch" }
      guard let tool = tools.first(where: { tool in !intents.contains { $0.tool == tool } }) else { continue }
      intents.append(Intent(tool: tool, part: part))
    }
    return intents.count >= 2 ? intents : []
  }

  /// Whether the question's requests need the tools of more than one specialist.
  func spansSpecialists(_ question: Utterance) -> Bool {
    let owners = Set(
      intents(question).compactMap { intent in
        bagNames.anyNamed(in: intent.part)
          ? .cupboard : MokaSpecialty.allCases.first { $0.toolNames.contains(intent.tool) }
      })
    return owners.count >= 2
  }

  /// The next of a question's `requests` whose tool has not run this turn, with its arguments from
  /// its own clause.
  func next(_ requests: [Intent], _ results: [ToolResult], _ context: RuleContext) -> (
    tool: String, arguments: GeneratedContent
  )? {
    guard results.count < RuleBasedModel.maxCallsPerTurn else { return nil }
    for intent in requests where !results.contains(where: { $0.tool == intent.tool }) {
      guard let rule = rules.first(where: { $0.tool == intent.tool }) else { continue }
      return (intent.tool, rule.arguments(intent.part, context))
    }
    return nil
  }
}
