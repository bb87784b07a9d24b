import Foundation
import Ristretto
import Testing

@testable import RistrettoRules

@Suite("Learned rules: gazetteers, value readers, wording")
struct LearnedRulesPartsTests {
  let places = Gazetteer(["Casa Moka": ["casa della moka"], "Torrefazione Vanchiglia": [], "Lanterna": []])

  @Test func gazetteersForgiveTyposAccentsAndPartialNames() {
    #expect(places.bestMatch(in: Utterance("is casa mokka open"))?.value == "Casa Moka")
    #expect(places.bestMatch(in: Utterance("a che ora apre la torrefazzione vanchilia"))?.value == "Torrefazione Vanchiglia")
    #expect(places.bestMatch(in: Utterance("and vanchiglia on monday?"))?.isPartial == true)
    #expect(places.bestMatch(in: Utterance("LANTÈRNA")) != nil)
    #expect(places.bestMatch(in: Utterance("is the cafe open")) == nil)
    #expect(places.matches(in: Utterance("lanterna or casa moka")).map(\.value) == ["Lanterna", "Casa Moka"])
  }

  @Test func inflectedNamesMatchTheirValue() {
    let origins = Gazetteer(values: ["Kenya", "Ethiopia", "Brazil", "Peru"])
    #expect(origins.matches(in: Utterance("kenyan or ethiopian, not brazilian")).map(\.value) == ["Kenya", "Ethiopia", "Brazil"])
    #expect(origins.bestMatch(in: Utterance("peruvian beans"))?.value == "Peru")
    #expect(origins.bestMatch(in: Utterance("perusing the list")) == nil)
  }

  @Test func enumGazetteersSplitCamelCaseAndTakeNoPartialNames() {
    let problems = Gazetteer(values: ["noFlow", "firstUse", "groundsInCup"])
    #expect(problems.bestMatch(in: Utterance("there is no flow at all"))?.value == "noFlow")
    #expect(problems.bestMatch(in: Utterance("the first one")) == nil)
    #expect(problems.value(named: "grounds in cup") == "groundsInCup")
  }

  @Test func numbersCarryTheWordsThatMarkTheirUnit() {
    let numbers = ValueReaders.numbers(in: Utterance("two bags of 250g for my tre tazze pot"))
    #expect(numbers.map(\.value) == [2, 250, 3])
    #expect(numbers.map(\.next) == ["bags", "g", "tazze"])
  }

  @Test func clockTimesAreReadInThreeLanguages() {
    #expect(ValueReaders.times(in: "open at 6pm?") == ["18:00"])
    #expect(ValueReaders.times(in: "is it open 18:30 or 7.15") == ["18:30", "07:15"])
    #expect(ValueReaders.times(in: "open saturday at 10:30pm, or 7.45 am?") == ["22:30", "07:45"])
    #expect(ValueReaders.times(in: "at 12:30am") == ["00:30"])
    #expect(ValueReaders.times(in: "at 6 in the evening") == ["18:00"])
    #expect(ValueReaders.times(in: "alle 9 di sera") == ["21:00"])
    #expect(ValueReaders.times(in: "a las 8 de la tarde") == ["20:00"])
    #expect(ValueReaders.times(in: "3 cups and 16 grams").isEmpty)
  }

  @Test func weekdaysAreNamedInThreeLanguages() {
    #expect(ValueReaders.weekdays.bestMatch(in: Utterance("il sabato"))?.value == "saturday")
    #expect(ValueReaders.weekdays.bestMatch(in: Utterance("el miércoles"))?.value == "wednesday")
    #expect(ValueReaders.weekdays.bestMatch(in: Utterance("open tomorow?"))?.value == "tomorrow")
    #expect(ValueReaders.weekdays.bestMatch(in: Utterance("open tomorrow?"))?.value == "tomorrow")
  }

  @Test func wordingFillsPathsCountsSectionsAndRepeats() {
    let output: GeneratedContent = [
      "status": "ok",
      "shops": GeneratedContent(elements: [
        GeneratedContent(properties: ["name": "A", "open": true]), GeneratedContent(properties: ["name": "B", "open": false]),
      ]),
    ]
    let result = ToolResult(tool: "shops", arguments: ["item": "pads"], output: output)
    let wording = AnswerWording(byStatus: [
      "ok": "{#shops} sell {arguments.item}: {shops.name}. {*shops}{name}{?open} (open){/open}{/shops}."
    ])
    #expect(wording.render(result) == "2 sell pads: A and B. A (open); B.")
    #expect(AnswerWording.plain(output, skipping: "status") == "shops: name: A; open: yes and name: B; open: no")
  }

  @Test func unreadableExampleLinesNameTheirLine() throws {
    let good = try LabelledExample.jsonLines(
      #"{"q":"hi","label":"general","tool":null}"# + "\n\n"
        + #"{"id":"m1","turns":[{"q":"a","acceptable":["beans"],"tool":"searchBeans","args":{"origin":"Kenya"}}]}"#)
    #expect(
      good.count == 2 && good[1].argument("origin") == GeneratedContent(kind: .string("Kenya")) && good[1].specialty == "beans")
    #expect(throws: LabelledExampleError.unreadableLine(number: 2, reason: "not a labelled example object")) {
      try LabelledExample.jsonLines("{\"q\":\"a\"}\n[1, 2]")
    }
    #expect(throws: LabelledExampleError.unreadableLine(number: 1, reason: "no question (q)")) {
      try LabelledExample.jsonLines(#"{"label":"x"}"#)
    }
  }

  @Test func examplesLabelledOnlyForRoutingTeachTheRouterAlone() throws {
    let lines = [
      #"{"q":"where can i buy a chain","label":"shopping","tool":"findShops"}"#,
      #"{"q":"my brakes squeal","label":"repair","tool":"repairSteps"}"#,
      #"{"q":"any shop selling cables","label":"shopping"}"#,
    ]
    let examples = try LabelledExample.jsonLines(lines.joined(separator: "\n"))
    #expect(examples.map(\.labelsTool) == [true, true, false])
    let rules = LearnedRules(
      examples: examples,
      tools: [BikeRepair.FindShops().definition, BikeRepair.RepairSteps().definition], reply: "")
    #expect(rules.chooser.labels == ["findShops", "repairSteps"])
    #expect(rules.router?.labels == ["repair", "shopping"])
  }

  @Test(arguments: [
    String(repeating: "my chain slips and ", count: 600), "99999999999999999999999 mm tyres at 99:99 or 25:00",
    "\u{0}\u{202E}🚲🚲 ¿¿ 12:: .. 1.2.3", "", "at at at at 6 6 6 pm pm", "the -1st 0th last one",
  ])
  func hostileQuestionsGetAnAnswerAndNeverTrap(question: String) {
    let rules = BikeRepair.assistant()
    let utterance = Utterance(question)
    if case .tool(let tool, _) = rules.choose(utterance) {
      _ = rules.arguments(for: tool, question: utterance)
    }
    for tool in rules.readers.keys { _ = rules.arguments(for: tool, question: utterance) }
    _ = ValueReaders.times(in: question)
    #expect(ValueReaders.times(in: question).allSatisfy { $0.count == 5 })
  }

  @Test func boundsThatAdmitNoValueFillNothing() {
    let schema = GenerationSchema(
      root: .object(
        name: "A",
        properties: [
          .init(name: "grams", node: .number(minimum: .nan, maximum: 5)),
          .init(name: "count", node: .integer(minimum: 9, maximum: 1)),
        ]))
    let reader = ArgumentReader(tool: ToolDefinition(name: "a", description: "", parameters: schema), examples: [])
    #expect(reader.read(Utterance("3 grams and 4 count")).isEmpty)
  }

  @Test func rulesReadBackFromTheCacheAnswerAsFreshlyTrainedOnes() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("learned-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    func rules() -> LearnedRules {
      LearnedRules(
        examples: BikeRepair.examples, tools: [BikeRepair.FindShops().definition, BikeRepair.RepairSteps().definition],
        vocabularies: BikeRepair.vocabularies, reply: "",
        settings: .init(cache: DerivedDataCache(directory: directory)))
    }
    let cold = rules()
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(!files.isEmpty)
    let warm = rules()
    for question in ["i freni fischiano", "who sells tubes", "ciao", "is aurora open sunday at 11"] {
      let utterance = Utterance(question)
      #expect(cold.choose(utterance) == warm.choose(utterance))
      #expect(cold.router?.probabilities(of: utterance) == warm.router?.probabilities(of: utterance))
      #expect(cold.arguments(for: "findShops", question: utterance) == warm.arguments(for: "findShops", question: utterance))
    }
  }

  @Test func aSecondAskOfTheQuestionGetsItsOwnCall() async throws {
    let rules = BikeRepair.assistant()
    let model = RuleBasedModel(rules: rules.ruleBook, tokenizer: ApproximateTokenizer())
    let session = LanguageModelSession(
      model: model, tools: [BikeRepair.FindShops(), BikeRepair.RepairSteps(), BikeRepair.TyrePressure()])
    let response = try await session.respond(to: "I got a flat tyre on the way to work. Also who sells inner tubes nearby?")
    #expect(Set(response.toolCalls.map(\.toolName)) == ["repairSteps", "findShops"])
    #expect(response.content.contains("patch") && response.content.contains("Ciclofficina Aurora"))
  }

  @Test func aToolNotOfferedIsNeverChosen() {
    let rules = BikeRepair.assistant()
    #expect(
      rules.choose(Utterance("where can I buy a chain"))
        == .tool("findShops", probability: rules.choose(Utterance("where can I buy a chain")).probability))
    if case .tool(let name, _) = rules.choose(Utterance("where can I buy a chain"), enabled: ["repairSteps"]) {
      #expect(name == "repairSteps")
    }
  }
}

extension LearnedRules.Choice {
  var probability: Double {
    switch self {
    case .tool(_, let probability), .reply(_, let probability), .none(let probability): probability
    }
  }
}
