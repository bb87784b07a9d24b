import Foundation
import Ristretto
import RistrettoRules
import Testing

/// The assistant of the DocC article Sources/RistrettoRules/RistrettoRules.docc/LearnedRulesGuide.md, compiled
/// and run: its declarations here, each code block of the guide found verbatim in this file.
enum BikeRepair {
  enum Day: String, CaseIterable, Generable, Decodable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday
  }

  struct Shop: Sendable {
    var name: String
    var distanceKm: Double
    var sells: [String]
    var hours: [Day: ClosedRange<Int>]  // opening and closing hour
  }

  static let shops = [
    Shop(
      name: "Velo Rapido", distanceKm: 0.8, sells: ["brake pads", "inner tubes", "chains"],
      hours: [.monday: 9...19, .tuesday: 9...19, .wednesday: 9...19, .thursday: 9...19, .friday: 9...19, .saturday: 9...13]),
    Shop(
      name: "Ciclofficina Aurora", distanceKm: 2.1, sells: ["inner tubes", "tyres", "cables"],
      hours: [.thursday: 15...20, .friday: 15...20, .saturday: 10...18, .sunday: 10...13]),
    Shop(
      name: "Pedal Works", distanceKm: 3.4, sells: ["chains", "brake pads", "tyres", "cassettes"],
      hours: [.tuesday: 10...19, .wednesday: 10...19, .thursday: 10...19, .friday: 10...19, .saturday: 10...19]),
  ]

  /// Shops near the user: what they sell, and their hours on the day asked.
  struct FindShops: Tool {
    let name = "findShops"
    let description = "Bike shops near the user: what they sell and whether they are open on a day at a time."

    struct Arguments: GenerableObject, Decodable {
      var item: String?
      var shop: String?
      var day: Day?
      var time: String?
      static let properties = GenerableProperties<Arguments> {
        GenerableProperty(\.item, description: "a part to buy")
        GenerableProperty(\.shop, description: "a shop's name")
        GenerableProperty(\.day)
        GenerableProperty(\.time, description: "HH:MM")
      }
    }

    func call(arguments: Arguments) async throws -> GeneratedContent {
      let day = arguments.day ?? .monday
      let hour = arguments.time.flatMap { Int($0.prefix(2)) }
      let found = BikeRepair.shops.filter { shop in
        (arguments.item.map { item in shop.sells.contains { $0.contains(item.lowercased()) } } ?? true)
          && (arguments.shop.map { $0 == shop.name } ?? true)
      }
      let rows: [GeneratedContent] = found.map { shop in
        let hours = shop.hours[day]
        let open = hours.map { range in hour.map { range.lowerBound <= $0 && $0 < range.upperBound } ?? true } ?? false
        return GeneratedContent(properties: [
          "name": shop.name, "distanceKm": shop.distanceKm, "day": day.rawValue,
          "hours": hours.map { "\($0.lowerBound):00–\($0.upperBound):00" } ?? "closed", "open": open,
        ])
      }
      return GeneratedContent(properties: [
        "status": found.isEmpty ? "noneFound" : "ok", "shops": GeneratedContent(elements: rows),
      ])
    }
  }

  /// How to fix a part, safety first.
  struct RepairSteps: Tool {
    let name = "repairSteps"
    let description = "Steps to fix a problem with a part of the bike."

    enum Part: String, CaseIterable, Generable, Decodable { case brakes, chain, tyre, gears }
    enum Problem: String, CaseIterable, Generable, Decodable { case squeal, slip, flat, rub, none }

    struct Arguments: GenerableObject, Decodable {
      var part: Part
      var problem: Problem
      static let properties = GenerableProperties<Arguments> {
        GenerableProperty(\.part)
        GenerableProperty(\.problem)
      }
    }

    func call(arguments: Arguments) async throws -> GeneratedContent {
      let steps: [Part: String] = [
        .brakes: "clean the rim or disc with alcohol and sand the pads lightly",
        .chain: "check chain stretch with a gauge and replace it past 0.5%",
        .tyre: "find the hole, patch or replace the tube and check the tyre for thorns",
        .gears: "turn the barrel adjuster a quarter turn at a time until shifts are clean",
      ]
      let safety = arguments.part == .brakes ? "Do not ride until the brakes stop you in a short distance." : ""
      return GeneratedContent(properties: [
        "status": "ok", "part": arguments.part.rawValue, "steps": steps[arguments.part] ?? "", "safety": safety,
      ])
    }
  }

  /// Tyre pressure for a tyre width and the rider's weight.
  struct TyrePressure: Tool {
    let name = "tyrePressure"
    let description = "Tyre pressure in psi for a tyre width and a rider's weight."

    struct Arguments: GenerableObject, Decodable {
      var widthMm: Int
      var riderKg: Int?
      static let properties = GenerableProperties<Arguments> {
        GenerableProperty(\.widthMm, description: "tyre width mm", .range(18...80))
        GenerableProperty(\.riderKg, description: "rider weight kg", .range(30...200))
      }
    }

    func call(arguments: Arguments) async throws -> GeneratedContent {
      let weight = Double(arguments.riderKg ?? 75)
      let psi = Int((weight * 1.1 + 3000 / Double(arguments.widthMm)).rounded())
      return GeneratedContent(properties: ["status": "ok", "widthMm": arguments.widthMm, "psi": psi])
    }
  }

  static let examples: [LabelledExample] = [
    LabelledExample(
      "my brakes squeal when I stop", specialty: "repair", tool: "repairSteps",
      arguments: ["part": "brakes", "problem": "squeal"]),
    LabelledExample(
      "front brake is squeaking loudly", specialty: "repair", tool: "repairSteps",
      arguments: ["part": "brakes", "problem": "squeal"]),
    LabelledExample(
      "i freni fischiano", specialty: "repair", tool: "repairSteps",
      arguments: ["part": "brakes", "problem": "squeal"]),
    LabelledExample(
      "los frenos chirrían", specialty: "repair", tool: "repairSteps",
      arguments: ["part": "brakes", "problem": "squeal"]),
    LabelledExample(
      "the chain keeps slipping on hills", specialty: "repair", tool: "repairSteps",
      arguments: ["part": "chain", "problem": "slip"]),
    LabelledExample(
      "chain jumps when I pedal hard", specialty: "repair", tool: "repairSteps",
      arguments: ["part": "chain", "problem": "slip"]),
    LabelledExample(
      "la catena salta", specialty: "repair", tool: "repairSteps",
      arguments: ["part": "chain", "problem": "slip"]),
    LabelledExample(
      "I got a flat tyre this morning", specialty: "repair", tool: "repairSteps",
      arguments: ["part": "tyre", "problem": "flat"]),
    LabelledExample(
      "puncture on the back wheel, how do I fix it", specialty: "repair", tool: "repairSteps",
      arguments: ["part": "tyre", "problem": "flat"]),
    LabelledExample(
      "ho bucato la gomma", specialty: "repair", tool: "repairSteps",
      arguments: ["part": "tyre", "problem": "flat"]),
    LabelledExample(
      "se me pinchó la rueda", specialty: "repair", tool: "repairSteps",
      arguments: ["part": "tyre", "problem": "flat"]),
    LabelledExample(
      "gears won't shift cleanly", specialty: "repair", tool: "repairSteps",
      arguments: ["part": "gears", "problem": "slip"]),
    LabelledExample(
      "derailleur rubs on the chain", specialty: "repair", tool: "repairSteps",
      arguments: ["part": "gears", "problem": "rub"]),
    LabelledExample(
      "le marce non entrano", specialty: "repair", tool: "repairSteps",
      arguments: ["part": "gears", "problem": "slip"]),
    LabelledExample(
      "how do I look after my chain", specialty: "repair", tool: "repairSteps",
      arguments: ["part": "chain", "problem": "none"]),
    LabelledExample(
      "what pressure for 28mm tyres", specialty: "repair", tool: "tyrePressure",
      arguments: ["widthMm": 28]),
    LabelledExample(
      "how much air in a 32 mm tyre, I weigh 80 kg", specialty: "repair", tool: "tyrePressure",
      arguments: ["widthMm": 32, "riderKg": 80]),
    LabelledExample(
      "psi for 25mm road tyres?", specialty: "repair", tool: "tyrePressure",
      arguments: ["widthMm": 25]),
    LabelledExample(
      "che pressione per gomme da 35 mm", specialty: "repair", tool: "tyrePressure",
      arguments: ["widthMm": 35]),
    LabelledExample(
      "qué presión para 40 mm, peso 70 kg", specialty: "repair", tool: "tyrePressure",
      arguments: ["widthMm": 40, "riderKg": 70]),
    LabelledExample(
      "where can I buy brake pads", specialty: "shopping", tool: "findShops",
      arguments: ["item": "brake pads"]),
    LabelledExample(
      "who sells inner tubes near me", specialty: "shopping", tool: "findShops",
      arguments: ["item": "inner tubes"]),
    LabelledExample(
      "I need a new chain, which shop has one", specialty: "shopping", tool: "findShops",
      arguments: ["item": "chains"]),
    LabelledExample(
      "dove compro una camera d'aria", specialty: "shopping", tool: "findShops",
      arguments: ["item": "inner tubes"]),
    LabelledExample(
      "dónde compro cubiertas", specialty: "shopping", tool: "findShops",
      arguments: ["item": "tyres"]),
    LabelledExample(
      "is Velo Rapido open on saturday", specialty: "shopping", tool: "findShops",
      arguments: ["shop": "Velo Rapido", "day": "saturday"]),
    LabelledExample(
      "what time does pedal works close on friday", specialty: "shopping", tool: "findShops",
      arguments: ["shop": "Pedal Works", "day": "friday"]),
    LabelledExample(
      "is aurora open sunday at 11", specialty: "shopping", tool: "findShops",
      arguments: ["shop": "Ciclofficina Aurora", "day": "sunday", "time": "11:00"]),
    LabelledExample(
      "a che ora apre velo rapido il martedì", specialty: "shopping", tool: "findShops",
      arguments: ["shop": "Velo Rapido", "day": "tuesday"]),
    LabelledExample(
      "any bike shop open tomorrow at 6pm", specialty: "shopping", tool: "findShops",
      arguments: ["time": "18:00"]),
    LabelledExample("bike shops nearby", specialty: "shopping", tool: "findShops"),
    LabelledExample(
      "tiendas de bicis abiertas el domingo", specialty: "shopping", tool: "findShops",
      arguments: ["day": "sunday"]),
    LabelledExample("hi", specialty: "general", reply: "Hello! Ask me about repairs, tyre pressure or bike shops."),
    LabelledExample("hello there", specialty: "general", reply: "Hello! Ask me about repairs, tyre pressure or bike shops."),
    LabelledExample("ciao", specialty: "general", reply: "Hello! Ask me about repairs, tyre pressure or bike shops."),
    LabelledExample(
      "hola, buenos días", specialty: "general", reply: "Hello! Ask me about repairs, tyre pressure or bike shops."),
    LabelledExample("thanks a lot", specialty: "general", reply: "You're welcome. Ride safe!"),
    LabelledExample("grazie mille", specialty: "general", reply: "You're welcome. Ride safe!"),
    LabelledExample("what's the weather tomorrow", specialty: "general"),
    LabelledExample("tell me a joke", specialty: "general"),
    LabelledExample("who won the tour de france", specialty: "general"),
    LabelledExample("can you order a chain for me", specialty: "general"),
  ]

  static let vocabularies = [
    "item": Gazetteer([
      "brake pads": ["pads", "pastiglie", "pastillas"], "inner tubes": ["tube", "camera d aria", "camara"],
      "chains": ["chain", "catena", "cadena"], "tyres": ["tyre", "tire", "tires", "gomme", "cubiertas"],
      "cables": ["cable", "cavi"], "cassettes": ["cassette", "pacco pignoni"],
    ]),
    "shop": Gazetteer(values: shops.map(\.name), partialNames: true),
  ]

  static let wording: [String: AnswerWording] = [
    "findShops": AnswerWording(byStatus: [
      "ok": "{*shops}{name}, {distanceKm} km: {day} {hours}{?open}, open then{/open}{/shops}.",
      "noneFound": "No shop near you has that.",
    ]),
    "repairSteps": AnswerWording("{?safety}{safety} {/safety}For the {part}: {steps}."),
    "tyrePressure": AnswerWording("About {psi} psi for {widthMm} mm tyres."),
  ]

  static func assistant() -> LearnedRules {
    var references = FollowUpReferences()
    references.superlatives = [.init(words: ["nearest", "closest"], field: "distanceKm", ascending: true)]
    return LearnedRules(
      examples: examples, tools: [FindShops().definition, RepairSteps().definition, TyrePressure().definition],
      vocabularies: vocabularies, wording: wording,
      reply: "I can help with bike repairs, tyre pressure and bike shops nearby; that one is beyond me.",
      references: references)
  }
}

@Suite("Learned rules: the bike-repair guide")
struct BikeRepairGuideTests {
  let rules = BikeRepair.assistant()

  func session() -> LanguageModelSession {
    let model = RuleBasedModel(rules: rules.ruleBook, tokenizer: ApproximateTokenizer())
    return LanguageModelSession(
      model: model, tools: [BikeRepair.FindShops(), BikeRepair.RepairSteps(), BikeRepair.TyrePressure()],
      instructions: "Help with bike repairs.")
  }

  @Test func aMisspeltRepairQuestionCallsTheRightToolWithTypedArguments() async throws {
    let response = try await session().respond(to: "my chian is slipping again on every climb")
    let call = try #require(response.toolCalls.first)
    #expect(call.toolName == "repairSteps")
    #expect(call.arguments.jsonString == #"{"part":"chain","problem":"slip"}"#)
    #expect(response.content.contains("chain stretch"))
  }

  @Test func aDayAndATimeReachTheToolWhichComputesWhetherTheShopIsOpen() async throws {
    let response = try await session().respond(to: "is velo rapdio open saturday at 5pm?")
    let call = try #require(response.toolCalls.first)
    #expect(call.toolName == "findShops")
    #expect(call.arguments.jsonString == #"{"shop":"Velo Rapido","day":"saturday","time":"17:00"}"#)
    #expect(response.content.contains("9:00–13:00") && !response.content.contains("open then"))
  }

  @Test func anItalianQuestionWithNumbersFillsOnlyTheNumbersItsUnitsMark() async throws {
    let response = try await session().respond(to: "che pressione metto con gomme da 30 mm? peso 90 kg")
    let call = try #require(response.toolCalls.first)
    #expect(call.toolName == "tyrePressure")
    #expect(call.arguments.jsonString == #"{"widthMm":30,"riderKg":90}"#)
    #expect(response.content.contains("About 199 psi for 30 mm"))
  }

  @Test func aFollowUpPicksAnItemOfTheEarlierOutputAsATypedArgument() async throws {
    let chat = session()
    let first = try await chat.respond(to: "who has brake pads?")
    #expect(first.content.contains("Velo Rapido") && first.content.contains("Pedal Works"))
    let second = try await chat.respond(to: "is the second one open on friday at 6 in the evening")
    let call = try #require(second.toolCalls.first)
    #expect(call.arguments.jsonString == #"{"item":"brake pads","shop":"Pedal Works","day":"friday","time":"18:00"}"#)
    #expect(second.content.contains("open then"))
  }

  @Test func greetingsGetTheirLabelledReplyAndOffTopicTheFallback() async throws {
    #expect(try await session().respond(to: "ciao!!").content.hasPrefix("Hello!"))
    let offTopic = try await session().respond(to: "who is the best football team")
    #expect(offTopic.toolCalls.isEmpty && offTopic.content.contains("beyond me"))
  }

  @Test func routingLearnsTheSpecialtiesFromTheSameExamples() throws {
    let router = try #require(rules.router)
    let cases = ["repair", "shopping", "general", "unsure"]
    #expect(router.classify(Utterance("the brakes squeek"), cases: cases).answer == "repair")
    #expect(router.classify(Utterance("dove posso comprare una catena"), cases: cases).answer == "shopping")
  }

  @Test func theGuideShowsThisCode() throws {
    let here = URL(fileURLWithPath: #filePath)
    let guide = here.deletingLastPathComponent()
      .appendingPathComponent("../../Sources/RistrettoRules/RistrettoRules.docc/LearnedRulesGuide.md")
    func lines(_ text: String) -> String {
      text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        .joined(separator: "\n")
    }
    let source = lines(try String(contentsOf: here, encoding: .utf8))
    let blocks = try String(contentsOf: guide, encoding: .utf8).components(separatedBy: "```swift\n").dropFirst()
      .compactMap { $0.components(separatedBy: "```").first }
    #expect(blocks.count >= 4)
    for block in blocks { #expect(source.contains(lines(block)), "a block of the guide is not in this file:\n\(block)") }
  }
}
