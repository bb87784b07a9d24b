import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// What a barista knows about the pot and the beans without a tool, and questions read for the
/// quantity, price, item or place they ask about.
@Suite("Moka pot knowledge and quantities")
struct MokaPotKnowledgeTests {
  func topic(_ text: String) -> String? { MokaKnowledge.topic(Utterance(text)) }

  @Test func thePotsOwnQuestionsAreAnsweredWithoutATool() {
    #expect(topic("what does the name moka mean?") == "name")
    #expect(topic("is a stovetop moka the same as espresso?") == "espressoOrNot")
    #expect(topic("can I open the moka straight after brewing?") == "openingHot")
    #expect(topic("how can I tell if coffee beans are stale?") == "staleSigns")
    #expect(topic("compose a short poem about my moka") == "poem")
    #expect(topic("how high do I fill it with water?") == "fillLevel")
    // A shop named with the pot's name is a place, not the name's history.
    #expect(topic("is the shop called Casa Moka open?") != "name")
  }

  @Test func brewsADayCountTowardHowLongABagLasts() {
    #expect(MokaCupboardAnswers.brewsPerDay(Utterance("I brew twice a day")) == 2)
    #expect(MokaCupboardAnswers.brewsPerDay(Utterance("three pots a day")) == 3)
    #expect(MokaCupboardAnswers.brewsPerDay(Utterance("one pot every morning")) == 1)
    #expect(MokaCupboardAnswers.brewsPerDay(Utterance("a 3-cup is enough for me")) == nil)
    #expect(MokaCupboardAnswers.brewsWanted(Utterance("2 brews a day, will it last the week?")) == 14)
  }

  @Test func aBagThatRunsOutSaysHowManyDaysItLasts() async throws {
    let chat = try MokaFixtures.rulesChat()
    let reply = try await chat.send("I brew a 2-cup twice a day. Will my Huila last the week?")
    // 232 g at 10 g a brew: 23 brews, 11 days at two a day; the week needs 14.
    #expect(reply.response.content.contains("Yes"), "\(reply.response.content)")
    #expect(reply.response.content.contains("lasts 11 days"), "\(reply.response.content)")
  }

  @Test func howMuchIsAThingAsksItsPrice() {
    #expect(MokaVocabulary.mentionsPrice(Utterance("how much is a 3-cup bialetti nowadays?")))
    #expect(!MokaVocabulary.mentionsPrice(Utterance("how much coffee is in a 3-cup pot?")))
    #expect(!MokaVocabulary.mentionsPrice(Utterance("how much is left in the bag?")))
  }

  @Test func theMostSpecificThingSoldIsSearchedFor() throws {
    let tags = MokaTags(data: try MokaFixtures.data())
    let arguments = MokaToolRules.nearbyArguments(
      Utterance("looking for an induction-ready moka pot near me"), context: RuleContext(), tags: tags)
    #expect(MokaAnswers.string(arguments, "item") == "induction moka pot")
  }

  @Test func aPotSizeToBuyIsNotPromisedInStock() async throws {
    let chat = try MokaFixtures.rulesChat()
    let reply = try await chat.send("anywhere around here selling a 9-cup moka pot?")
    #expect(MokaFixtures.calls(reply).first?.tool == "nearbyCafes")
    #expect(reply.response.content.contains("not which sizes"), "\(reply.response.content)")
  }

  @Test func superlativesOfBodyAskForBody() {
    #expect(MokaToolRules.preference(in: Utterance("the fullest-bodied coffee you know")) == "fullBody")
    #expect(MokaToolRules.preference(in: Utterance("something heavier")) == "fullBody")
  }

  @Test func anUnknownPlaceIsReadPastItsArticle() {
    #expect(MokaToolRules.unknownOrigin(in: Utterance("any coffee from the Azores?")) == "Azores")
  }

  @Test func findingAndSearchingTheWebAreNotAboutTheBags() throws {
    let routing = MokaRouting(MokaRouter.classifier(data: try MokaFixtures.data()), data: try MokaFixtures.data())
    let cases = MokaSpecialty.allCases.map(\.rawValue)
    #expect(routing.classify(Utterance("google the newest stovetop pots"), cases: cases).answer != "cupboard")
    #expect(routing.classify(Utterance("is there decaf somewhere that's open right now?"), cases: cases).answer != "beans")
  }

  @Test func healthAndMilkInThePotAreAnsweredWithoutATool() {
    #expect(topic("are three mokas a day bad for my blood pressure?") == "health")
    #expect(topic("could I put milk in the base of my moka instead of water?") == "milkInPot")
    // Milk to drink the coffee with is a preference, not milk in the pot.
    #expect(topic("a full-bodied bean that stands up to milk in my moka?") != "milkInPot")
  }

  @Test func anOffTopicReplySaysItCannotHelp() {
    let reply = MokaKnowledge.offTopic.answer(Utterance("what's the weather tomorrow?"))
    #expect(reply.hasPrefix("I can't help with weather questions"), "\(reply)")
    let other = MokaKnowledge.offTopic.answer(Utterance("what's the capital of Peru?"))
    #expect(other.hasPrefix("I can't help with that"), "\(other)")
  }

  @Test func demonymsAndTheItalianPotAreReadRight() {
    #expect(MokaVocabulary.origin(in: Utterance("any Puerto Rican beans?")) == "Puerto Rico")
    #expect(MokaVocabulary.origin(in: Utterance("the darkest roast for an Italian moka")) == nil)
  }

  @Test func aPotOrAGrinderToBuyIsGear() throws {
    let tags = MokaTags(data: try MokaFixtures.data())
    let pot = MokaToolRules.nearbyArguments(Utterance("where do I get a larger pot?"), context: RuleContext(), tags: tags)
    #expect(MokaAnswers.string(pot, "item") == "moka pot")
    #expect(MokaAnswers.string(pot, "need") == "gear")
  }
}
