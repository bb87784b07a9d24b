import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// Origins in the order named, continents, regions by their demonyms, picks by roast among what
/// was shown, flavours liked as a profile, the valve stuck, and the cupboard's own part of a question.
@Suite("Moka origins, picks and profiles")
struct MokaOriginsAndPicksTests {
  @Test func originsAreReadInTheOrderNamedAndTwoAreBothSearched() async throws {
    #expect(MokaVocabulary.origin(in: Utterance("beans from Peru or Bolivia")) == "Peru")
    #expect(MokaVocabulary.namedOrigins(in: Utterance("Bolivia or Peru, which is sweeter?")) == ["Bolivia", "Peru"])
    let reply = try await MokaFixtures.rulesChat().send("show me washed beans from Peru or Ecuador")
    let origins = MokaFixtures.calls(reply).filter { $0.tool == "searchBeans" }.map(\.arguments)
    #expect(origins.count == 2, "\(origins)")
    #expect(origins.last?.contains("Ecuador") == true && origins.last?.contains("washed") == true, "\(origins)")
  }

  @Test func aContinentSearchesEveryCountryThere() async throws {
    #expect(MokaVocabulary.origin(in: Utterance("something African and fruity")) == "Africa")
    let found = try await SearchBeansTool(data: try MokaFixtures.data()).call(
      arguments: .init(GeneratedContent(properties: ["origin": "Africa", "notes": [String](), "limit": 5])))
    #expect(found.beans.count == 5)
    #expect(found.beans.allSatisfy { !$0.name.hasPrefix("Colombia") && !$0.name.hasPrefix("Brazil") })
  }

  @Test func aRegionsDemonymIsTheRegion() throws {
    let tags = MokaTags(data: try MokaFixtures.data())
    let arguments = MokaToolRules.searchArguments(Utterance("got a Sumatran?"), context: RuleContext(), regions: tags.regions)
    #expect(MokaAnswers.string(arguments, "origin")?.contains("Sumatra") == true, "\(arguments.jsonString)")
  }

  @Test func theDarkestOfThoseIsPickedOnlyWhenItIsDark() {
    let bean = { (name: String, roast: String) in GeneratedContent(properties: ["name": name, "roast": roast]) }
    let mixed = [bean("Alpha", "light"), bean("Beta", "dark"), bean("Gamma", "medium")]
    let darkest = MokaFollowUps.ranked(Utterance("which of those is the darkest?"), mixed)
    #expect(darkest?.contains("darkest roast is Beta") == true, "\(darkest ?? "nil")")
    // None of them dark, or two level: a new search serves better.
    let lighter = [bean("Alpha", "light"), bean("Gamma", "medium")]
    #expect(MokaFollowUps.ranked(Utterance("which of those is the darkest?"), lighter) == nil)
    #expect(MokaFollowUps.ranked(Utterance("more like that but darker"), mixed) == nil)
  }

  @Test func flavoursLikedAndStatedAreAProfile() {
    let profile = MokaToolRules.quiz.contextScore(Utterance("I really like plum, honey and cocoa"), RuleContext())
    #expect(profile >= 10)
    let search = MokaToolRules.quiz.contextScore(Utterance("I love Kenyan coffees, berries and citrus"), RuleContext())
    #expect(search < 10)
  }

  @Test func aStuckValveIsASafetyQuestion() async throws {
    #expect(MokaKnowledge.topic(Utterance("the valve on the bottom seems totally stuck, safe?")) == "valve")
    let reply = try await MokaFixtures.rulesChat().send("my valve looks stuck, should I worry?")
    #expect(reply.response.content.contains("push the valve's pin"), "\(reply.response.content)")
  }

  @Test func theCupboardsOwnPartOfAQuestionDecidesItsAction() throws {
    let rule = MokaToolRules.cupboard(bagNames: ["Santos", "Huila"])
    let arguments = rule.arguments(Utterance("what's in my cupboard, and how long does the Santos last?"), RuleContext())
    #expect(MokaAnswers.string(arguments, "action") == "list")
  }

  @Test func noneFreshIsSaidFirstAndAGreetingStatingNewsIsGreeted() async throws {
    #expect(MokaKnowledge.topic(Utterance("hello! just bought my very first moka")) == "greeting")
    #expect(MokaKnowledge.topic(Utterance("I'd like a decaf for the evening")) != "greeting")
  }

  @Test func theWaterHotOrColdIsKnowledgeAfterARecipe() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("recipe for a 6-cup pot")
    let hot = try await chat.send("and should the water I pour in be hot?")
    #expect(hot.response.content.contains("hot water"), "\(hot.response.content)")
  }
}

/// Origins turned down, names inside longer names, varieties spelt two ways, a step darker,
/// a part for a pot, and farewells.
@Suite("Moka origins turned down and other spellings")
struct MokaTurnedDownTests {
  @Test func anOriginTurnedDownIsNotSearchedAndOtherOnesAre() {
    #expect(MokaVocabulary.negatedOrigins(in: Utterance("something fruity, just not from Kenya")) == ["Kenya"])
    #expect(MokaVocabulary.negatedOrigins(in: Utterance("what other Kenyan beans are there?")).isEmpty)
    #expect(MokaVocabulary.namedOrigins(in: Utterance("honey coffees from Central America")) == ["Central America"])
    let arguments = MokaToolRules.searchArguments(Utterance("a floral one, but not from Ethiopia"), context: RuleContext())
    #expect(MokaAnswers.string(arguments, "origin") == nil, "\(arguments.jsonString)")
  }

  @Test func aGenericWordOfARegionNamesNoRegion() throws {
    let tags = MokaTags(data: try MokaFixtures.data())
    #expect(tags.regions["central"] == nil)
    #expect(tags.regions["valley"] == nil)
  }

  @Test func aVarietySpeltTheOtherWayIsFound() throws {
    let tags = MokaTags(data: try MokaFixtures.data())
    let arguments = MokaToolRules.searchArguments(
      Utterance("any Geisha coffee?"), context: RuleContext(), regions: tags.regions, beanCountries: tags.countriesByBeanWord)
    #expect(MokaAnswers.string(arguments, "origin") == "Panama", "\(arguments.jsonString)")
  }

  @Test func aPartForAPotIsThePart() throws {
    let tags = MokaTags(data: try MokaFixtures.data())
    let arguments = MokaToolRules.nearbyArguments(Utterance("a new handle for my moka pot?"), context: RuleContext(), tags: tags)
    #expect(MokaAnswers.string(arguments, "item") == "handle", "\(arguments.jsonString)")
  }

  @Test func aFarewellIsAnsweredAndThanksWithAQuestionIsNot() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("recipe for my 3-cup")
    let bye = try await chat.send("lovely, bye!")
    #expect(bye.response.content.contains("Enjoy"), "\(bye.response.content)")
    let more = try await chat.send("thanks! and the heat?")
    #expect(!more.response.content.contains("welcome"), "\(more.response.content)")
  }
}

@Suite("Moka off-topic requests about a coffee word")
struct MokaOffTopicWordTests {
  @Test func aTranslationIsOffTopicEvenOfACoffeeWord() {
    #expect(MokaKnowledge.topic(Utterance("how do you say espresso in Korean? translate it")) == "offTopic")
    #expect(MokaKnowledge.topic(Utterance("any Kenyan coffee?")) != "offTopic")
  }
}
