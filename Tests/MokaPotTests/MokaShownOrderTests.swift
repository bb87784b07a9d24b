import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// Follow-ups read against what the conversation showed: an ordinal in the order an answer named
/// the bags, brews asked of the one bag just described, the roaster of a bag to buy again, the
/// one bean of an origin among those shown, a bean named before "it", likes in the plural.
@Suite("Moka follow-ups read in the order things were shown")
struct MokaShownOrderTests {
  func calls(_ reply: SpecialistChat<MokaSpecialty>.Reply) -> [(tool: String, arguments: String)] {
    MokaFixtures.calls(reply)
  }

  @Test func anOrdinalCountsInTheOrderTheAnswerNamedTheBags() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("which bag should I finish first? list them in order")
    let second = try await chat.send("and the second one, how many grams?")
    #expect(calls(second).isEmpty, "\(calls(second))")
    #expect(second.response.content.hasPrefix("Your Mandheling"), "\(second.response.content)")
  }

  @Test func brewsAskedAfterOneBagStayOnIt() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("how is my Antigua?")
    let enough = try await chat.send("is there enough for a 6-cup pot?")
    #expect(enough.response.content.contains("Antigua"), "\(enough.response.content)")
    #expect(!enough.response.content.contains("Kochere"), "\(enough.response.content)")
  }

  @Test func buyingMoreOfTheBagShownNamesItsRoasterAlone() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("how is my Antigua?")
    let more = try await chat.send("I'd like another bag of that, where can I get one?")
    #expect(calls(more).first?.tool == "nearbyCafes", "\(calls(more))")
    #expect(more.response.content.hasPrefix("Your Antigua came from Caffè Quadrilatero:"), "\(more.response.content)")
    #expect(!more.response.content.contains("Nearby:"), "\(more.response.content)")
    let far = try await chat.send("how far is the place?")
    #expect(far.response.content.hasPrefix("Caffè Quadrilatero"), "\(far.response.content)")
  }

  @Test func theRoasterOfABagFarAwayIsSearchedAmongRoasters() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("how is my Huila?")
    let more = try await chat.send("I'd like another bag of that, where can I get one?")
    #expect(calls(more).first?.arguments.contains("\"kind\":\"roaster\"") == true, "\(calls(more))")
    #expect(more.response.content.hasPrefix("Your Huila came from Tostatura Crocetta:"), "\(more.response.content)")
  }

  @Test func theOneBeanOfAnOriginAmongThoseShown() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("anaerobic ones?")
    let one = try await chat.send("and the Colombian one: notes?")
    #expect(calls(one).isEmpty, "\(calls(one))")
    #expect(one.response.content.hasPrefix("Of those, from Colombia: Colombia"), "\(one.response.content)")
  }

  @Test func itIsTheBeanTheLastQuestionNamed() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("what would a kilo of Kenyan beans cost me?")
    let taste = try await chat.send("ok, what does it taste like then?")
    #expect(taste.response.content.contains("Kenya"), "\(taste.response.content)")
    #expect(taste.response.content.contains("notes of"), "\(taste.response.content)")
  }

  @Test func likesInThePluralCountAsTheirSingular() {
    #expect(TasteQuizTool.singular("berries") == "berry")
    #expect(TasteQuizTool.singular("nuts") == "nut")
    #expect(TasteQuizTool.singular("citrus") == "citrus")
  }

  @Test func aBagComparedAfterWhichOneWasAsked() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("what's in my cupboard?")
    _ = try await chat.send("which one is the oldest?")
    let compared = try await chat.send("is it still like the reference one?")
    #expect(compared.specialty == .cupboard)
    #expect(calls(compared).first?.arguments.contains("\"bag\":\"Santos\"") == true, "\(calls(compared))")
  }

  @Test func aPlaceForSomethingItSellsIsSearched() async throws {
    let reply = try await MokaFixtures.rulesChat().send("somewhere that serves pastries?")
    #expect(calls(reply).first?.tool == "nearbyCafes", "\(calls(reply))")
  }

  @Test func theFresherOfTwoBagsComparedJustBefore() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("compare my Santos and my Napoletano with their references")
    let fresher = try await chat.send("and of the two, which is fresher now?")
    #expect(calls(fresher).isEmpty, "\(calls(fresher))")
    #expect(fresher.response.content.contains("Napoletano"), "\(fresher.response.content)")
    #expect(!fresher.response.content.contains("Huila"), "\(fresher.response.content)")
  }

  @Test func theBagThereLongestIsTheOldest() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("my bags, all of them please")
    let longest = try await chat.send("which has been in there longest?")
    #expect(longest.response.content.hasPrefix("Your Santos"), "\(longest.response.content)")
  }
}
