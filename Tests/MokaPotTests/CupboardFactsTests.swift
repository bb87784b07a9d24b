import Foundation
import Ristretto
import Testing

@testable import MokaPot

/// The facts an answer about a bag states are computed by the cupboard tool, so any backend reads
/// them from its output: the share left, the grams used, the days the brews last, the days until
/// the roast's age passes a limit, the largest pot one brew fills, and the grams short of the
/// brews asked.
@Suite("Moka cupboard: facts in the tool's output")
struct CupboardFactsTests {
  /// One bag's card for `json` arguments.
  func card(_ json: String, data: MokaData? = nil) async throws -> CupboardTool.BagCard {
    let tool = CupboardTool(data: try data ?? MokaFixtures.data())
    let output = try await tool.call(arguments: .init(GeneratedContent(json: json)))
    return try #require(output.bags.first)
  }

  @Test("The share left and the grams used of the full bag")
  func shareAndUse() async throws {
    let kochere = try await card(#"{"action":"detail","bag":"Kochere"}"#)
    #expect((kochere.gramsLeft, kochere.bagGrams) == (140, 250))
    #expect(kochere.percentLeft == 56 && kochere.gramsUsed == 110)
  }

  @Test("Brews and days left at the pot size and brews a day asked; none when no number a day was asked")
  func brewsAndDays() async throws {
    let plain = try await card(#"{"action":"detail","bag":"Kochere"}"#)
    #expect(plain.brewsLeft == 140 / 16 && plain.daysLeft == nil)
    let twice = try await card(#"{"action":"detail","bag":"Kochere","cups":6,"brewsPerDay":2}"#)
    #expect(twice.brewsLeft == 140 / 30 && twice.daysLeft == 140 / 30 / 2)
  }

  @Test(
    "Days until the roast's age passes 30 days, then 60; none past both",
    arguments: [(27, 4), (30, 1), (31, 30), (60, 1), (61, nil)] as [(Int, Int?)])
  func ageLimits(daysSinceRoast: Int, agesInDays: Int?) async throws {
    var data = try MokaFixtures.data()
    let today = data.now.addingTimeInterval(-Double(daysSinceRoast) * 86_400)
    let formatter = DateFormatter()
    (formatter.dateFormat, formatter.timeZone) = ("yyyy-MM-dd", TimeZone(identifier: "UTC"))
    (formatter.locale, formatter.calendar) = (Locale(identifier: "en_US_POSIX"), Calendar(identifier: .gregorian))
    data.cupboard![0].roastDate = formatter.string(from: today)
    let bag = try await card(#"{"action":"detail","bag":"\#(data.cupboard![0].name)"}"#, data: data)
    #expect(bag.daysSinceRoast == daysSinceRoast)
    #expect(bag.agesInDays == agesInDays)
  }

  @Test("The largest pot one brew of the coffee left fills, and none when it fills no pot")
  func largestPot() async throws {
    var data = try MokaFixtures.data()
    let name = data.cupboard![0].name
    for (grams, pot) in [(140, 12), (41, 6), (16, 3), (9, 1), (6, nil)] as [(Int, Int?)] {
      data.cupboard![0].gramsLeft = grams
      #expect(try await card(#"{"action":"detail","bag":"\#(name)"}"#, data: data).largestPot == pot, "\(grams) g")
    }
  }

  @Test("The grams the brews asked need, and how many the bag is short of them")
  func brewsAsked() async throws {
    let tool = CupboardTool(data: try MokaFixtures.data())
    let enough = try await tool.call(arguments: .init(GeneratedContent(json: #"{"action":"detail","bag":"Kochere","brews":5}"#)))
    #expect(enough.gramsNeeded == 80 && enough.bags.first?.gramsShort == 0)
    let short = try await tool.call(
      arguments: .init(GeneratedContent(json: #"{"action":"detail","bag":"Kochere","cups":6,"brews":5}"#)))
    #expect(short.gramsNeeded == 150 && short.bags.first?.gramsShort == 10)
    // (A caller outside the schema's range is held to it, so no product overflows.)
    var huge = try CupboardTool.Arguments(GeneratedContent(json: #"{"action":"detail","bag":"Kochere"}"#))
    huge.brews = .max
    #expect(try await tool.call(arguments: huge).gramsNeeded == 366 * 16)
    let none = try await tool.call(arguments: .init(GeneratedContent(json: #"{"action":"list"}"#)))
    #expect(none.gramsNeeded == nil && none.bags.allSatisfy { $0.gramsShort == nil })
  }

  @Test("A listing of the most bags, every optional fact asked, stays within 1,700 SmolLM2 tokens")
  func listingFitsItsBudget() async throws {
    var data = try MokaFixtures.data()
    data.cupboard = (0..<100).map { index in
      var bag = data.cupboard![index % data.cupboard!.count]
      bag.name += " \(index)"
      return bag
    }
    let output = try await CupboardTool(data: data).call(
      arguments: .init(GeneratedContent(json: #"{"action":"list","cups":6,"brewsPerDay":2,"brews":10}"#)))
    let tokens = try TokenizerCache.shared.get().count(output.generatedContent.jsonString, parseSpecial: false)
    print("A listing of \(output.bags.count) of 100 bags: \(tokens) SmolLM2 tokens")
    #expect(output.bags.count == CupboardTool.maximumBags)
    #expect(tokens <= 1_700)
  }
}
