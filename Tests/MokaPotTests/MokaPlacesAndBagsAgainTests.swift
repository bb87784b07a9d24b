import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// Places asked for by what they are for, the place just shown asked again, a bag's roaster
/// visited, and whether a bag is still good to use.
@Suite("Moka places and bags asked again")
struct MokaPlacesAndBagsAgainTests {
  @Test func decafAskedOfACafeIsADrinkThere() async throws {
    let reply = try await MokaFixtures.rulesChat().send("which cafe around here serves decaf?")
    let call = try #require(MokaFixtures.calls(reply).first)
    #expect(call.tool == "nearbyCafes")
    #expect(call.arguments.contains("\"espresso\""), "\(call.arguments)")
    // A shop's decaf is beans to take home.
    let shop = try await MokaFixtures.rulesChat().send("which shop near me has decaf?")
    #expect(MokaFixtures.calls(shop).first?.arguments.contains("\"beans\"") == true, "\(MokaFixtures.calls(shop))")
  }

  @Test func somewhereNearbyIsAPlaceWhateverItShouldHave() async throws {
    let reply = try await MokaFixtures.rulesChat().send("anywhere around here for a decaf cortado?")
    #expect(MokaFixtures.calls(reply).first?.tool == "nearbyCafes", "\(MokaFixtures.calls(reply))")
  }

  @Test func thePlaceShownIsAskedWhatItSells() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("is there a roaster near me?")
    let again = try await chat.send("could I buy ground coffee at that place?")
    #expect(MokaFixtures.calls(again).isEmpty, "\(MokaFixtures.calls(again))")
    #expect(again.response.content.contains("sells"), "\(again.response.content)")
  }

  @Test func aBagsRoasterVisitedAndABagStillGood() async throws {
    #expect(MokaToolRules.asksForABagsRoaster(Utterance("who roasted this one? I'd visit them today")))
    #expect(!MokaToolRules.asksForABagsRoaster(Utterance("who roasted it, and when did I open it?")))
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("when was my Santos roasted, roughly?")
    let still = try await chat.send("still worth using in the moka?")
    #expect(MokaFixtures.calls(still).isEmpty, "\(MokaFixtures.calls(still))")
    #expect(still.response.content.contains("stale"), "\(still.response.content)")
  }

  @Test func narrowingPlacesOpenNowKeepsThemOpenNow() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("show me places near me that are open at the moment")
    let narrowed = try await chat.send("which of those has gaskets for sale?")
    let call = try #require(MokaFixtures.calls(narrowed).first)
    #expect(call.tool == "nearbyCafes")
    #expect(call.arguments.contains("\"openNow\":true"), "\(call.arguments)")
    // Another time asked is not now.
    let later = try await chat.send("and which of them opens tomorrow?")
    #expect(MokaFixtures.calls(later).allSatisfy { !$0.arguments.contains("\"openNow\":true") }, "\(MokaFixtures.calls(later))")
  }

  @Test func beansShownNarrowedKeepTheirSearch() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("which Kenyan coffees are in your list?")
    let narrowed = try await chat.send("only honey-processed, please")
    let call = try #require(MokaFixtures.calls(narrowed).first)
    #expect(call.arguments.contains("Kenya") && call.arguments.contains("honey"), "\(call.arguments)")
    let sameOrigin = try await chat.send("anything dark from the same country?")
    let origin = try #require(MokaFixtures.calls(sameOrigin).first)
    #expect(origin.arguments.contains("Kenya") && origin.arguments.contains("dark"), "\(origin.arguments)")
    #expect(!origin.arguments.contains("honey"), "\(origin.arguments)")
  }

  @Test func moreOnCleaningIsAnsweredFromTheAdviceGiven() async throws {
    let chat = try MokaFixtures.rulesChat()
    let advice = try await chat.send("what's the right way to wash a moka pot?")
    #expect(MokaFixtures.calls(advice).first?.tool == "brewAdvice", "\(MokaFixtures.calls(advice))")
    let more = try await chat.send("and what about a dishwasher?")
    #expect(MokaFixtures.calls(more).isEmpty, "\(MokaFixtures.calls(more))")
    #expect(more.response.content.contains("dishwasher"), "\(more.response.content)")
    // A scale to buy is no limescale.
    let scale = try await chat.send("where would I buy a scale to weigh the grounds?")
    #expect(MokaFixtures.calls(scale).first?.tool == "nearbyCafes", "\(MokaFixtures.calls(scale))")
  }

  @Test func aCountrysCafesAndBarsNameAStyle() {
    #expect(MokaVocabulary.origin(in: Utterance("a dark cup like Italian cafes pour")) == nil)
    #expect(MokaVocabulary.origin(in: Utterance("the strong stuff of Italian bars")) == "Blend")
    #expect(MokaVocabulary.origin(in: Utterance("any Kenyan beans on the list?")) == "Kenya")
  }
}
