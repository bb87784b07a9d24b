import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// The details an expert gets right: a blend is from no one country, notes spelt either way, a
/// region or its country as named first, shares and counts of bags, distances in metres, the place
/// open latest, cold brew, and each part of a two-part question answered for its own part.
@Suite("Moka answers get the details right")
struct MokaDetailsTests {
  @Test func aCountryAskedForMeansItsSingleOriginsNotBlends() async throws {
    let tool = SearchBeansTool(data: try MokaFixtures.data())
    let found = try await tool.call(
      arguments: .init(GeneratedContent(properties: ["origin": "Brazil", "notes": [String](), "limit": 5])))
    #expect(!found.beans.isEmpty)
    #expect(found.beans.allSatisfy { !$0.name.contains("Blend") }, "\(found.beans.map(\.name))")
    let blends = try await tool.call(
      arguments: .init(GeneratedContent(properties: ["origin": "Blend", "notes": [String](), "limit": 5])))
    #expect(blends.beans.allSatisfy { $0.name.contains("Blend") })
  }

  @Test func notesAreReadInEitherSpellingAndInTwoWords() {
    #expect(MokaVocabulary.flavours(in: Utterance("anything with liquorice?")) == ["licorice"])
    #expect(MokaVocabulary.flavours(in: Utterance("notes of passion fruit please")) == ["passion fruit"])
  }

  @Test func fruitWithFlowersIsALightRoast() async throws {
    let profile = try await TasteQuizTool().call(arguments: .init(GeneratedContent(properties: ["likes": ["berry", "floral"]])))
    #expect(profile.roast == "light")
    #expect(profile.process == "natural")
  }

  @Test func sournessDislikedAsksForLowAcidity() {
    #expect(MokaToolRules.preference(in: Utterance("I really don't like sour coffee")) == "lowAcidity")
    #expect(MokaToolRules.preference(in: Utterance("nothing acidic please")) == "lowAcidity")
  }

  @Test func aRegionOrItsCountryAsNamedFirst() throws {
    let tags = MokaTags(data: try MokaFixtures.data())
    let search = { (text: String) in
      MokaAnswers.string(
        MokaToolRules.searchArguments(Utterance(text), context: RuleContext(), regions: tags.regions), "origin")
    }
    #expect(search("Kenya Nyeri, what is it like?") == "Kenya")
    #expect(search("something from Nyeri in Kenya") == "Nyeri")
    #expect(search("anything from Nyeri?") == "Nyeri")
  }

  @Test func theShareOfABagAndTheNumberOfBags() async throws {
    let chat = try MokaFixtures.rulesChat()
    let share = try await chat.send("what percentage of my Huila is left?")
    #expect(share.response.content.contains("% of the"), "\(share.response.content)")
    let count = try await MokaFixtures.rulesChat().send("what's in my cupboard? how many exactly?")
    #expect(count.response.content.hasPrefix("You have 6 bags."), "\(count.response.content)")
  }

  @Test func aKindOfPlaceAskedForGoesToThePlaceSearch() throws {
    #expect(try MokaLeaningRouterTests.route("which roaster has decaf beans?") == "shopping")
    #expect(try MokaLeaningRouterTests.route("which decaf would you pick?") == "beans")
  }

  @Test func distancesUnderAKilometreAreInMetres() {
    let near = GeneratedContent(properties: ["distanceKm": 0.06])
    let far = GeneratedContent(properties: ["distanceKm": 2.4])
    #expect(MokaAnswers.distance(near) == "60 m")
    #expect(MokaAnswers.distance(far) == "2.4 km")
  }

  @Test func thePlaceOpenLatestLeads() async throws {
    let chat = try MokaFixtures.rulesChat()
    let late = try await chat.send("which cafe stays open late tonight?")
    #expect(late.response.content.hasPrefix("Open latest today:"), "\(late.response.content)")
  }

  @Test func coldBrewIsNotAMokaRecipe() {
    #expect(MokaKnowledge.topic(Utterance("can you explain how cold brew is made?")) == "coldBrew")
  }

  @Test func aToolCalledForOneClauseAnswersThatClause() async throws {
    let chat = try MokaFixtures.rulesChat()
    let reply = try await chat.send("how much coffee goes in a 9-cup, and what's in my cupboard?")
    #expect(reply.response.content.contains("42 g"), "\(reply.response.content)")
    #expect(reply.response.content.contains("In your cupboard:"), "\(reply.response.content)")
  }

  @Test func anEverydayWordIsNoBeansName() throws {
    let tags = MokaTags(data: try MokaFixtures.data())
    let arguments = MokaToolRules.searchArguments(
      Utterance("I fancy something chocolatey"), context: RuleContext(), regions: tags.regions,
      beanCountries: tags.countriesByBeanWord)
    #expect(MokaAnswers.string(arguments, "origin") == nil)
  }

  @Test func howLongABagLastsAndWhenItFades() async throws {
    let chat = try MokaFixtures.rulesChat()
    let lasts = try await chat.send("how long will my Antigua last at one 2-cup a day?")
    // 95 g at 10 g a brew: 9 brews.
    #expect(lasts.response.content.contains("lasts 9 days"), "\(lasts.response.content)")
    let fades = try await MokaFixtures.rulesChat().send("how long till my Kochere goes stale?")
    #expect(fades.response.content.contains("It turns fading in"), "\(fades.response.content)")
  }

  @Test func anyGoodAsksAboutTheOneBagShown() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("when was my Mandheling roasted?")
    let good = try await chat.send("is it any good still?")
    #expect(good.response.content.contains("Mandheling"), "\(good.response.content)")
    #expect(good.response.content.contains("past its peak"), "\(good.response.content)")
  }

  @Test func theBeansBlamedForASourCupAreJudgedByTheirRoast() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("my 3-cup brews taste really sour")
    let blamed = try await chat.send("is it because of the beans? it's the Kochere")
    #expect(blamed.response.content.contains("light roast"), "\(blamed.response.content)")
  }
}
