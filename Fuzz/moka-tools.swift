import Foundation
import Ristretto

/// Target `moka-tools`: the moka example's three data files written from the input, with
/// extreme numbers, dates, opening hours, coordinates and time zones, loaded as the app loads
/// them and put through every tool with arguments written from the input (the example's data
/// and tool sources are compiled in).
///
/// Invariants: loading and every tool call never trap, whatever the values; every entry the
/// load keeps has grams within its bag, coordinates on the globe, and no field the load's own
/// range checks (`MokaDataRanges`) would refuse.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMokaTools(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  var files: [MokaSource: Data] = [:]
  for source in MokaSource.allCases where input.choice(8) != 0 {
    files[source] = Data(MokaFuzzFile.write(source, &input).utf8)
  }
  let now = MokaData.date(MokaFuzzFile.pick(MokaFuzzFile.dates, &input)) ?? Date(timeIntervalSince1970: 1_780_000_000)
  var moka = MokaData.decoding(files, now: now)
  if input.flag() {
    moka.location = (
      Double(MokaFuzzFile.pick(MokaFuzzFile.degrees, &input)) ?? 0,
      Double(MokaFuzzFile.pick(MokaFuzzFile.degrees, &input)) ?? 0
    )
  }
  moka.indexHealth = IndexHealth.allCases[input.choice(IndexHealth.allCases.count)]
  for bag in moka.cupboard ?? [] {
    guard MokaDataRanges.bagGrams.contains(bag.bagGrams), (0...bag.bagGrams).contains(bag.gramsLeft) else {
      violated("a bag out of range was kept: \(bag)")
    }
  }
  for cafe in moka.cafes where !(cafe.latitude.isFinite && abs(cafe.latitude) <= 90 && abs(cafe.longitude) <= 180) {
    violated("a place with coordinates out of range was kept: \(cafe)")
  }
  // Every field of every entry kept passes the load's own checks (scores, dates, hours, zones).
  let kept =
    moka.beans.flatMap { MokaDataRanges.issues($0) } + (moka.cupboard ?? []).flatMap { MokaDataRanges.issues($0) }
    + moka.cafes.flatMap { MokaDataRanges.issues($0) }
  if let issue = kept.first { violated("an entry out of range was kept: \(issue)") }
  let tools: [any Tool] = [
    SearchBeansTool(data: moka), CupboardTool(data: moka), BrewAdviceTool(), TasteQuizTool(),
    NearbyCafesTool(data: moka), OfferChoicesTool(), WebSearchTool(provider: OfflineWebSearch()),
  ]
  let names = (moka.cupboard ?? []).map(\.name) + moka.beans.map(\.country)
  while !input.isEmpty {
    let tool = tools[input.choice(tools.count)]
    guard let arguments = try? GeneratedContent(json: MokaFuzzFile.arguments(tool.name, names: names, &input)) else {
      violated("the harness wrote arguments that are not JSON")
    }
    callToCompletion(tool, arguments)
  }
  return 0
}

/// Decodes `arguments` as the tool's and runs the tool to the end (a decoding failure or a
/// thrown error is an answer; only a trap is a finding).
private func callToCompletion<T: Tool>(_ tool: T, _ arguments: GeneratedContent) {
  let done = DispatchSemaphore(value: 0)
  Task {
    if let typed = try? T.Arguments(arguments) { _ = try? await tool.call(arguments: typed) }
    done.signal()
  }
  done.wait()
}

/// The data files and tool arguments a fuzz input writes: JSON whose values are picked from lists
/// of boundary and absurd values, or read from the input.
enum MokaFuzzFile {
  static let integers = [
    "0", "-1", "1", "3", "250", "100000", "100001", "9223372036854775807", "-9223372036854775808", "1e17", "1e300",
    "2.5", "-0",
  ]
  static let dates = [
    "2026-11-02", "2026-11-29", "9999-12-31", "0001-01-01", "2026-02-30", "2026-13-45", "+202-01-01", "",
    "2026-11-02T25:00", "1999-12-31", "2100-12-31", "2000-01-01", "2026-12-05T18:00",
  ]
  static let hours = [
    "08:00-18:00", "closed", "153722867280912931:00-23:00", "23:00-01:00", "00:00-24:00", "24:00-24:00",
    "-1:00-02:00", "8-9", "", "12:60-13:00", "07:30-07:31",
  ]
  static let days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun", "xyz"]
  static let zones = ["Europe/Rome", "UTC", "Pacific/Kiritimati", "Etc/GMT+12", "Not/AZone", "", "America/St_Johns"]
  static let degrees = ["45.07", "7.68", "-90", "90", "180", "-180", "91", "1e308", "-1e308", "0", "1e-320"]
  static let words = [
    "Kenya", "Ethiopia", "Huila", "gasket", "filter plate", "moka pot", "chocolate", "berry", "", "Kochere",
  ]

  static func pick(_ values: [String], _ input: inout FuzzInput) -> String { values[input.choice(values.count)] }

  /// A string: one of `words` or a few bytes of the input, quoted for JSON.
  static func string(_ input: inout FuzzInput, words: [String] = MokaFuzzFile.words) -> String {
    let text = input.flag() ? input.shortString() : (words.isEmpty ? "" : words[input.choice(words.count)])
    return quoted(text)
  }

  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  static func write(_ source: MokaSource, _ input: inout FuzzInput) -> String {
    let count = input.choice(4)
    let entries = (0..<count).map { _ -> String in
      switch source {
      case .beans:
        let notes = (0..<input.choice(3)).map { _ in string(&input) }.joined(separator: ",")
        return """
          {"id":\(string(&input)),"name":\(string(&input)),"country":\(string(&input)),"region":\(string(&input)),\
          "variety":"x","process":\(string(&input, words: ["washed", "natural", "honey"])),\
          "roast":\(string(&input, words: ["light", "medium", "dark"])),"notes":[\(notes)],\
          "body":\(pick(integers, &input)),"acidity":\(pick(integers, &input)),"sweetness":\(pick(integers, &input))}
          """
      case .cupboard:
        let opened = input.flag() ? ",\"openedDate\":\(quoted(pick(dates, &input)))" : ""
        return """
          {"name":\(string(&input)),"beanId":\(string(&input)),"roaster":\(string(&input)),\
          "roastDate":\(quoted(pick(dates, &input)))\(opened),\
          "bagGrams":\(pick(integers, &input)),"gramsLeft":\(pick(integers, &input))}
          """
      case .cafes:
        let opening = (0..<input.choice(4)).map { _ in "\(quoted(pick(days, &input))):\(quoted(pick(hours, &input)))" }
        let zone = input.flag() ? ",\"timeZone\":\(quoted(pick(zones, &input)))" : ""
        return """
          {"name":\(string(&input)),"kind":\(string(&input, words: ["cafe", "roaster", "shop"])),\
          "latitude":\(pick(degrees, &input)),"longitude":\(pick(degrees, &input)),"address":"a"\(zone),\
          "hours":{\(opening.joined(separator: ","))},"sells":[\(string(&input)),\(string(&input))]}
          """
      }
    }
    return "[" + entries.joined(separator: ",") + "]"
  }

  /// Arguments for `tool`: its own property names, with values of the right type or not.
  static func arguments(_ tool: String, names: [String], _ input: inout FuzzInput) -> String {
    let words = names + MokaFuzzFile.words
    func number() -> String { input.flag() ? pick(integers, &input) : String(input.smallInt()) }
    func list() -> String { "[" + (0..<input.choice(5)).map { _ in string(&input, words: words) }.joined(separator: ",") + "]" }
    let properties: [(String, String)] =
      switch tool {
      case "searchBeans":
        [
          ("origin", string(&input, words: words)), ("roast", string(&input, words: ["light", "dark", "x"])),
          ("process", string(&input, words: ["washed", "natural", "wetHulled"])), ("notes", list()),
          ("decaf", input.flag() ? "true" : "false"), ("prefer", string(&input, words: ["lowAcidity", "sweet"])),
          ("limit", number()),
        ]
      case "cupboard":
        [("action", string(&input, words: ["list", "detail", "compare"])), ("bag", string(&input, words: words))]
      case "brewAdvice":
        [("cups", number()), ("problem", string(&input, words: ["sputtering", "bitter", "none", "noFlow"]))]
      case "nearbyCafes":
        [
          ("need", string(&input, words: ["any", "beans", "gear", "espresso"])), ("item", string(&input, words: words)),
          ("openNow", input.flag() ? "true" : "false"), ("limit", number()),
          ("kind", string(&input, words: ["cafe", "roaster", "shop"])),
        ]
      case "tasteQuiz": [("likes", list())]
      case "offerChoices": [("question", string(&input)), ("options", list())]
      default: [("query", string(&input))]
      }
    let kept = properties.filter { _ in input.choice(5) != 0 }
    return "{" + kept.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }
}
