import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// Prices asked or compared, notes turned down, parts of the pot explained, a part of a question
/// answered from knowledge, services, places named after bags, and buying elsewhere.
@Suite("Moka answers prices, parts and places")
struct MokaPricesAndPartsTests {
  @Test func onePriceAskedIsTheWebsAndPricesComparedAreNot() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("show me some Guatemalan beans")
    let one = try await chat.send("what would a kilo of it cost me?")
    #expect(MokaFixtures.calls(one).first?.tool == "webSearch", "\(MokaFixtures.calls(one))")
    let compared = try await chat.send("and which of them is cheapest?")
    #expect(MokaFixtures.calls(compared).isEmpty, "\(MokaFixtures.calls(compared))")
    #expect(compared.response.content.contains("no prices"), "\(compared.response.content)")
    let limit = MokaToolRules.webSearch.contextScore(Utterance("chocolatey beans under 12 euros"), RuleContext())
    #expect(limit == 0)
  }

  @Test func aNoteTurnedDownIsLeftOutAndARegionFromWins() throws {
    let tags = MokaTags(data: try MokaFixtures.data())
    let dark = MokaToolRules.searchArguments(Utterance("a dark Brazilian, nothing too smoky please"), context: RuleContext())
    #expect(MokaAnswers.strings(dark, "notes").isEmpty, "\(dark.jsonString)")
    let region = MokaToolRules.searchArguments(
      Utterance("a Kenyan coffee from Nyeri"), context: RuleContext(), regions: tags.regions)
    #expect(MokaAnswers.string(region, "origin") == "Nyeri")
  }

  @Test func aGoodBeanOfAProcessIsASearchAndASortOfRoastAProfile() {
    #expect(MokaKnowledge.topic(Utterance("whats a good natural ethiopian for my moka")) == nil)
    let profile = MokaToolRules.quiz.contextScore(
      Utterance("I love caramel and hazelnut. What kind of roast suits that?"), RuleContext())
    #expect(profile >= 10)
  }

  @Test func onePotADayIsCountedInDays() {
    #expect(MokaCupboardAnswers.brewsPerDay(Utterance("I brew one 6-cup pot a day")) == 1)
    #expect(MokaCupboardAnswers.brewsPerDay(Utterance("twice a day")) == 2)
  }

  @Test func thePotItsHandleAndANewGasketAreExplained() {
    #expect(MokaKnowledge.topic(Utterance("how does a moka pot work, exactly?")) == "howItWorks")
    #expect(MokaKnowledge.topic(Utterance("my moka's handle went wobbly and it scorched")) == "handle")
    #expect(MokaKnowledge.topic(Utterance("how do I fit a new gasket myself?")) == "gasketFitting")
    #expect(MokaKnowledge.topic(Utterance("an unopened bag, how long will it keep?")) == "storage")
  }

  @Test func aPartOfAQuestionIsAnsweredFromKnowledgeBesideTheTool() async throws {
    let reply = try await MokaFixtures.rulesChat().send("Which shop near me sells gaskets? and how do I fit one myself")
    #expect(MokaFixtures.calls(reply).first?.tool == "nearbyCafes")
    #expect(reply.response.content.contains("groove"), "\(reply.response.content)")
  }

  @Test func aServiceNamedByItsVerbIsThePlaceThatSellsIt() async throws {
    let reply = try await MokaFixtures.rulesChat().send("could somebody grind beans for me somewhere in town?")
    let call = try #require(MokaFixtures.calls(reply).first)
    #expect(call.tool == "nearbyCafes")
    #expect(call.arguments.contains("grinding service"), "\(call.arguments)")
  }

  @Test func aPlaceNamedAfterTheBagsIsThatPlaceOpenOrNot() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("how old is my Santos?")
    let place = try await chat.send("where is Torrefazione Aurora and is it open?")
    let call = try #require(MokaFixtures.calls(place).first)
    #expect(call.arguments.contains("\"openNow\":false"), "\(call.arguments)")
    #expect(place.response.content.contains("Giulio Cesare"), "\(place.response.content)")
  }

  @Test func whatWasBoughtFromAPlaceIsTheCupboards() async throws {
    let reply = try await MokaFixtures.rulesChat().send("which bags did I buy at Torrefazione Aurora?")
    #expect(MokaFixtures.calls(reply).first?.tool == "cupboard", "\(MokaFixtures.calls(reply))")
    #expect(reply.response.content.contains("Napoletano"), "\(reply.response.content)")
  }

  @Test func aPlaceWrittenBeforeCoffeeIsSearchedAsAnOrigin() {
    #expect(MokaToolRules.unknownOrigin(in: Utterance("got any Galapagos coffee?")) == "Galapagos")
    #expect(MokaToolRules.unknownOrigin(in: Utterance("How do I make Moka coffee stronger?")) == nil)
  }

  @Test func aGreetingFirstIsAnsweredInKind() async throws {
    let reply = try await MokaFixtures.rulesChat().send("hey, my moka sputters a lot")
    #expect(reply.response.content.hasPrefix("Hey! "), "\(reply.response.content)")
  }

  @Test func noDecafAmongThoseSearchesForOne() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("Colombian beans?")
    let decaf = try await chat.send("is any of those a decaf?")
    let call = try #require(MokaFixtures.calls(decaf).first)
    #expect(call.tool == "searchBeans")
    #expect(call.arguments.contains("\"decaf\":true"), "\(call.arguments)")
  }

  @Test func moreOfABagFromElsewhereIsAPlaceSearch() async throws {
    let reply = try await MokaFixtures.rulesChat().send("can I buy more Huila elsewhere, not at its roaster?")
    #expect(MokaFixtures.calls(reply).first?.tool == "nearbyCafes", "\(MokaFixtures.calls(reply))")
  }
}
