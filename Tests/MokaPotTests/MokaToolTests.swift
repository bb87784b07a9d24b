import Foundation
import Ristretto
import Testing

@testable import MokaPot

@Suite("Moka tools")
struct MokaToolTests {
  func args<T: ConvertibleFromGeneratedContent>(_ type: T.Type, _ json: String) throws -> T {
    try T(GeneratedContent(json: json))
  }

  @Test func searchBeansStatuses() async throws {
    let tool = SearchBeansTool(data: try MokaFixtures.data())
    let kenya = try await tool.call(arguments: args(SearchBeansTool.Arguments.self, #"{"origin":"Kenya","limit":2}"#))
    #expect(kenya.status == .ok)
    #expect(kenya.beans.count == 2)
    #expect(kenya.beans.allSatisfy { $0.origin.contains("Kenya") })
    let none = try await tool.call(arguments: args(SearchBeansTool.Arguments.self, #"{"origin":"Atlantis","limit":3}"#))
    #expect(none.status == .noMatchesInIndex)
    let stale = SearchBeansTool(data: try MokaFixtures.data(index: .stale))
    #expect(try await stale.call(arguments: args(SearchBeansTool.Arguments.self, #"{"limit":3}"#)).status == .indexStale)
    let down = SearchBeansTool(data: try MokaFixtures.data(index: .unavailable))
    #expect(try await down.call(arguments: args(SearchBeansTool.Arguments.self, #"{"limit":3}"#)).status == .indexUnavailable)
    let lowAcid = try await tool.call(arguments: args(SearchBeansTool.Arguments.self, #"{"prefer":"lowAcidity","limit":5}"#))
    #expect(lowAcid.beans.map(\.acidity) == lowAcid.beans.map(\.acidity).sorted())
  }

  @Test func cupboardStatuses() async throws {
    var data = try MokaFixtures.data()
    let tool = CupboardTool(data: data)
    let list = try await tool.call(arguments: args(CupboardTool.Arguments.self, #"{"action":"list"}"#))
    #expect(list.status == .ok)
    #expect(list.bags.count == 6)
    let kochere = try await tool.call(arguments: args(CupboardTool.Arguments.self, #"{"action":"compare","bag":"kochere"}"#))
    #expect(kochere.bags.first?.daysSinceRoast == 27)
    #expect(kochere.reference?.name == "Ethiopia Yirgacheffe Kochere")
    #expect(
      try await tool.call(arguments: args(CupboardTool.Arguments.self, #"{"action":"detail","bag":"Nope"}"#)).status == .noSuchBag
    )
    data.cupboard = []
    #expect(
      try await CupboardTool(data: data).call(arguments: args(CupboardTool.Arguments.self, #"{"action":"list"}"#)).status
        == .cupboardEmpty)
    data.cupboard = nil
    #expect(
      try await CupboardTool(data: data).call(arguments: args(CupboardTool.Arguments.self, #"{"action":"list"}"#)).status
        == .cupboardUnavailable)
    let santos = try await tool.call(arguments: args(CupboardTool.Arguments.self, #"{"action":"detail","bag":"Santos"}"#))
    #expect(santos.bags.first?.freshness == .stale)
  }

  @Test func brewAdviceUsesPotSizes() async throws {
    let schema = BrewAdviceTool.Arguments.generationSchema
    let grammar = try GuidanceGrammar(schema: schema)
    #expect(grammar.initialState.advanced(by: #"{"cups":6,"problem":"none"}"#)?.isComplete == true)
    #expect(grammar.initialState.advanced(by: #"{"cups":4"#) == nil)
    let output = try await BrewAdviceTool().call(arguments: .init(cups: 6, problem: .sputtering))
    #expect(output.doseGrams == 30)
    #expect(output.fix?.contains("heat") == true)
  }

  @Test func tasteQuizGivesQuestionsThenAProfile() async throws {
    let quiz = TasteQuizTool()
    #expect(try await quiz.call(arguments: args(TasteQuizTool.Arguments.self, #"{"likes":[]}"#)).status == .questions)
    let profile = try await quiz.call(arguments: args(TasteQuizTool.Arguments.self, #"{"likes":["chocolate","milk"]}"#))
    #expect(profile.status == .profile)
    #expect(profile.roast == "dark")
  }

  @Test func webSearchIsOfflineByDefault() async throws {
    struct Canned: WebSearchProvider {
      func search(_ query: String) async throws -> [WebSearchTool.Result]? { [.init(title: "Bialetti", snippet: "6-cup")] }
    }
    let offline = try await WebSearchTool(provider: OfflineWebSearch()).call(
      arguments: args(WebSearchTool.Arguments.self, #"{"query":"x"}"#))
    #expect(offline.status == .offlineUnavailable)
    let online = try await WebSearchTool(provider: Canned()).call(
      arguments: args(WebSearchTool.Arguments.self, #"{"query":"x"}"#))
    #expect(online.status == .ok)
  }

  @Test func nearbyCafesNeedALocation() async throws {
    let located = NearbyCafesTool(data: try MokaFixtures.data())
    let places = try await located.call(
      arguments: args(NearbyCafesTool.Arguments.self, #"{"need":"beans","openNow":false,"limit":3}"#))
    #expect(places.status == .ok)
    #expect(places.places.count == 3)
    #expect(places.places.map(\.distanceKm) == places.places.map(\.distanceKm).sorted())
    let lost = NearbyCafesTool(data: try MokaFixtures.data(located: false))
    #expect(
      try await lost.call(arguments: args(NearbyCafesTool.Arguments.self, #"{"need":"any","openNow":false,"limit":3}"#)).status
        == .locationUnavailable)
  }

  @Test func fixturesAreBigEnough() throws {
    let data = try MokaFixtures.data()
    #expect(data.beans.count >= 80)
    #expect(Set(data.beans.map(\.id)).count == data.beans.count)
    #expect((data.cupboard ?? []).allSatisfy { data.bean(id: $0.beanId) != nil })
    #expect(try MokaFixtures.routingSet("dev").count >= 100)
  }
}

/// Searching data text: byte by byte when ASCII, character by character otherwise, never through
/// Foundation's `range(of:)`.
@Suite("Moka tools: searching data text")
struct MokaTextSearchTests {
  @Test("A part of an ASCII text matches byte for byte; an accent matches in either Unicode form")
  func contains() {
    #expect(TextSearch.contains("moka gaskets", "gasket") && TextSearch.contains("gasket", "gasket"))
    #expect(!TextSearch.contains("gas", "gasket") && !TextSearch.contains("moka pots", "gasket"))
    #expect(TextSearch.contains("anything", "") && !TextSearch.contains("Gasket", "gasket"))
    #expect(TextSearch.contains("caff\u{E8} in grani", "caff\u{E8}"))
    #expect(TextSearch.contains("caffe\u{300} in grani", "caff\u{E8}"))
    #expect(!TextSearch.contains("caff\u{E8}", "caffe "))
  }

  @Test("Text ending in a character canonically equal to the word's last one (Foundation's contains traps there)")
  func canonicalEquivalentAtTheEnd() {
    // U+212A KELVIN SIGN is canonically "K": Foundation's "x\u{212A}".contains("K") indexes past the end.
    #expect(TextSearch.contains("x\u{212A}", "K") && TextSearch.contains("Ohm \u{2126}", "\u{3A9}"))
    #expect(TextSearch.containsIgnoringCase("b\u{212A}", "k") && !TextSearch.contains("x\u{212A}", "k"))
  }

  @Test("Ignoring case: capitals read as small letters, in ASCII and beyond; an empty word is in no text")
  func containsIgnoringCase() {
    let cases: [(String, String, Bool)] = [
      ("Ethiopia", "ethiopia", true), ("House BLEND", "blend", true), ("Swiss Water Decaf", "decaf", true),
      ("Kenya", "kenyan", false), ("", "a", false), ("abc", "", false), ("Caff\u{C8} Nero", "caff\u{E8}", true),
      ("CAFFE\u{300}", "caff\u{E8}", true), ("[Z]", "[z]", true), ("@", "`", false), ("\u{130}stanbul", "stanbul", true),
    ]
    for (text, lowered, expected) in cases {
      #expect(TextSearch.containsIgnoringCase(text, lowered) == expected, "\(text) / \(lowered)")
    }
  }
}

/// A search over many places reports the nearest few, chosen in one pass.
@Suite("Moka places: the nearest few")
struct MokaPlaceSearchTests {
  /// A seeded generator, so a failure replays.
  struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state
    }
  }

  @Test("The nearest few are the sorted list's first few, ties kept in the data's order")
  func nearestFew() {
    var generator = Seeded(state: 7)
    for _ in 0..<200 {
      let items = (0..<Int.random(in: 0...40, using: &generator)).map {
        (key: Int.random(in: 0...6, using: &generator), index: $0)
      }
      let isBefore = { (a: (key: Int, index: Int), b: (key: Int, index: Int)) in (a.key, a.index) < (b.key, b.index) }
      for count in [0, 1, 2, 5, 50] {
        let expected = Array(items.sorted(by: isBefore).prefix(count))
        #expect(NearbyCafesTool.first(count, of: items, by: isBefore).map(\.index) == expected.map(\.index))
      }
    }
  }

  @Test(
    "A search reports what a sort of every place within 25 km gives: the nearest five, or the nearest open ones",
    arguments: ["2026-11-29T09:30", "2026-11-29T23:30"])
  func nearestAgainstASort(time: String) async throws {
    var data = MokaData.load(now: try #require(MokaData.date(time)))
    let here = (latitude: 45.07, longitude: 7.68)
    data.location = here
    let all = data.cafes.compactMap { cafe -> (name: String, km: Double, open: Bool)? in
      let distance = NearbyCafesTool.distanceKm(here, (cafe.latitude, cafe.longitude))
      guard distance <= 25 else { return nil }
      let local = NearbyCafesTool.localTime(data.now, in: cafe.timeZone)
      let open = NearbyCafesTool.isOpen(cafe.hours[local.weekday] ?? "closed", at: local.minutes)
      return (cafe.name, NearbyCafesTool.rounded(distance), open)
    }.sorted { ($0.km, $0.name) < ($1.km, $1.name) }
    let open = all.filter(\.open)
    // (In the morning some places are open; past midnight none is.)
    #expect(time.hasSuffix("09:30") ? !open.isEmpty : open.isEmpty)
    let tool = NearbyCafesTool(data: data)
    for openNow in [false, true] {
      let arguments = try NearbyCafesTool.Arguments(
        GeneratedContent(json: #"{"need":"any","openNow":\#(openNow),"limit":5}"#))
      let output = try await tool.call(arguments: arguments)
      let expected = openNow && !open.isEmpty ? open : all
      #expect(output.status == (openNow && open.isEmpty ? .noneOpenNow : .ok))
      #expect(output.places.map(\.name) == expected.prefix(5).map(\.name))
    }
  }
}
