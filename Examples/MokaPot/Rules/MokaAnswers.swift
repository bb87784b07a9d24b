import Foundation
import Ristretto
import RistrettoRules

/// How the rule-based model turns moka tool outputs into replies.
enum MokaAnswers {
  static func answer(_ results: [ToolResult], _ question: Utterance) -> AnswerStep {
    if let quiz = results.first(where: { $0.tool == "tasteQuiz" }), quiz.status == "profile",
      !results.contains(where: { $0.tool == "searchBeans" })
    {
      let profile = quiz.output
      return .call(
        tool: "searchBeans",
        arguments: GeneratedContent(properties: [
          "roast": string(profile, "roast"), "note": string(profile, "note"), "limit": 3,
        ]))
    }
    if let bag = results.first(where: { $0.tool == "cupboard" }), bag.status == "ok",
      let problem = MokaVocabulary.problem(in: question), !results.contains(where: { $0.tool == "brewAdvice" })
    {
      return .call(tool: "brewAdvice", arguments: GeneratedContent(properties: ["cups": 3, "problem": problem]))
    }
    return .reply(results.map(sentence).joined(separator: " "))
  }

  static func sentence(_ result: ToolResult) -> String {
    let output = result.output
    switch (result.tool, result.status) {
    case ("searchBeans", "ok"):
      let beans = array(output, "beans").map { bean in
        "\(string(bean, "name") ?? "?") (\(string(bean, "origin") ?? "?"); \(string(bean, "process") ?? "") process, "
          + "\(string(bean, "roast") ?? "") roast; notes of \(list(strings(bean, "notes"))); body \(int(bean, "body"))/5, "
          + "acidity \(int(bean, "acidity"))/5)"
      }
      return "From the reference corpus: " + beans.joined(separator: "; ") + "."
    case ("searchBeans", "noMatchesInIndex"):
      return "I searched the reference corpus and no bean matches \(filters(result.arguments)); try fewer filters."
    case ("cupboard", "ok"):
      let bags = array(output, "bags")
      if let reference = field(output, "reference"), reference.kind != .null, let bag = bags.first {
        return "Your \(string(bag, "name") ?? "bag") is \(string(reference, "name") ?? "?") in the reference corpus: "
          + "\(string(reference, "process") ?? "") process, \(string(reference, "roast") ?? "") roast, notes of "
          + "\(list(strings(reference, "notes"))), body \(int(reference, "body"))/5, acidity \(int(reference, "acidity"))/5. "
          + "Roasted \(int(bag, "daysSinceRoast")) days ago it is \(string(bag, "freshness") ?? "?"), "
          + (string(bag, "freshness") == "stale" || string(bag, "freshness") == "fading"
            ? "so expect flatter, woodier cups than that profile." : "so it should still taste close to that profile.")
      }
      return "In your cupboard: " + bags.map(bagLine).joined(separator: "; ") + "."
    case ("cupboard", "noSuchBag"):
      return "I could not find that bag. You have: "
        + array(output, "bags").map { string($0, "name") ?? "?" }.joined(separator: ", ")
        + "."
    case ("cupboard", "cupboardEmpty"):
      return "Your cupboard is empty: no bags are recorded."
    case ("brewAdvice", _):
      var text =
        "For a \(int(output, "cups"))-cup moka pot use \(int(output, "doseGrams")) g of coffee and "
        + "\(int(output, "waterMilliliters")) ml of water. Grind: \(string(output, "grind") ?? ""). Heat: \(string(output, "heat") ?? "")."
      if let fix = string(output, "fix") { text = fix + " " + text }
      return text
    case ("tasteQuiz", "questions"):
      let questions = strings(output, "questions").enumerated().map { "\($0.offset + 1)) \($0.element)" }
      return "Quick taste quiz: " + questions.joined(separator: " ") + " Tell me the flavours you like."
    case ("webSearch", "ok"):
      return "From the web: "
        + array(output, "results").map { "\(string($0, "title") ?? "") — \(string($0, "snippet") ?? "")" }
        .joined(separator: "; ") + "."
    case ("webSearch", "noResults"):
      return "The web search returned no results for that query."
    case ("nearbyCafes", "ok"):
      let places = array(output, "places").map { place in
        "\(string(place, "name") ?? "?") (\(string(place, "kind") ?? ""), \(number(place, "distanceKm")) km, "
          + "\(string(place, "address") ?? ""); today \(string(place, "hoursToday") ?? "?")"
          + (field(place, "openNow")?.kind == .bool(true) ? ", open now)" : ", closed now)")
      }
      return "Nearby: " + places.joined(separator: "; ") + "."
    case ("nearbyCafes", "noneNearby"):
      return "No place within 25 km matches; try asking for any cafe."
    case ("offerChoices", _):
      return string(output, "question") ?? "Pick one:"
    case ("tasteQuiz", "profile"):
      let parts = [
        string(output, "roast").map { "\($0) roast" }, string(output, "process").map { "\($0) process" },
        string(output, "note").map { "\($0) notes" },
      ].compactMap { $0 }
      return "Your taste profile: " + parts.joined(separator: ", ") + "."
    default:
      return output.jsonString
    }
  }

  static func unavailable(_ result: ToolResult) -> String {
    let status = result.status ?? "unavailable"
    switch result.tool {
    case "searchBeans": return "The bean index is unavailable right now (\(status)), so the search did not run; try again later."
    case "cupboard": return "Your cupboard records are unavailable right now (\(status)), so I could not check your bags."
    case "webSearch": return "Web search is unavailable: I am offline (\(status)), so I could not look that up."
    case "nearbyCafes":
      return "Nearby search is unavailable (\(status)): I do not know where you are. Share a location (moka --location LAT,LON)."
    default: return "\(result.tool) is unavailable right now (\(status)), so it did not run."
    }
  }

  static func reply(_ question: Utterance, _ tools: [String]) -> String {
    let greetings = ["hi", "hello", "hey", "ciao", "hola", "bonjour", "hallo", "good morning"]
    if greetings.contains(where: { question.matches(Phrase($0)) }) || question.words.isEmpty {
      return "Hello! I am your moka-pot assistant: ask me about beans, the bags in your cupboard, brewing, or where to buy."
    }
    if ["thanks", "thank you", "grazie", "gracias", "merci", "danke"].contains(where: { question.matches(Phrase($0)) }) {
      return "You are welcome. Enjoy your coffee!"
    }
    return
      "I am not sure how to help with that. I can suggest beans, check your cupboard, fix your moka brew, or find places to buy."
  }

  // MARK: - Reading generated content

  static func field(_ content: GeneratedContent, _ name: String) -> GeneratedContent? {
    if case .structure(let values, _) = content.kind { return values[name] }
    return nil
  }
  static func string(_ content: GeneratedContent, _ name: String) -> String? {
    if case .string(let text)? = field(content, name)?.kind { return text }
    return nil
  }
  static func int(_ content: GeneratedContent, _ name: String) -> Int {
    if case .number(let value)? = field(content, name)?.kind { return Int(value) }
    return 0
  }
  static func number(_ content: GeneratedContent, _ name: String) -> String {
    if case .number(let value)? = field(content, name)?.kind { return GeneratedContent.formatNumber(value) }
    return "?"
  }
  static func array(_ content: GeneratedContent, _ name: String) -> [GeneratedContent] {
    if case .array(let items)? = field(content, name)?.kind { return items }
    return []
  }
  static func strings(_ content: GeneratedContent, _ name: String) -> [String] {
    array(content, name).compactMap { if case .string(let text) = $0.kind { text } else { nil } }
  }
  static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
  }
  static func bagLine(_ bag: GeneratedContent) -> String {
    "\(string(bag, "name") ?? "?") (\(string(bag, "bean") ?? "?")), \(int(bag, "gramsLeft")) g left, roasted "
      + "\(int(bag, "daysSinceRoast")) days ago, \(string(bag, "freshness") ?? "?")"
      + (field(bag, "opened")?.kind == .bool(false) ? ", unopened" : "")
  }
  static func filters(_ arguments: GeneratedContent) -> String {
    let parts = ["origin", "roast", "process", "note"].compactMap { key in string(arguments, key).map { "\(key) \($0)" } }
    return parts.isEmpty ? "your request" : parts.joined(separator: ", ")
  }
}

extension ToolResult {
  /// The moka tools' `status` property.
  var status: String? { status("status") }
}
