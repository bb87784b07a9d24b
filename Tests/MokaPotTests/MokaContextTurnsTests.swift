import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// Turns that only make sense with what came before (a bag or a place just shown, a safety
/// warning just given), and the general features added for them: brews wanted, a place named,
/// a kind of moka pot, a bean asked for by name, choosing between roasts.
@Suite("Moka turns that lean on the conversation")
struct MokaContextTurnsTests {
  func chat() throws -> SpecialistChat<MokaSpecialty> {
    let assistant = try MokaFixtures.assistant()
    return try assistant.chat(model: try assistant.rulesModel)
  }

  func tools(_ reply: SpecialistChat<MokaSpecialty>.Reply) -> [String] {
    reply.response.toolCalls.map(\.toolName)
  }

  func arguments(_ reply: SpecialistChat<MokaSpecialty>.Reply) -> String {
    reply.response.toolCalls.first?.arguments.jsonString ?? ""
  }

  @Test func aBrewCountAskedOfTheBagJustShownIsComputedWithoutATool() async throws {
    let chat = try chat()
    _ = try await chat.send("how is my Mandheling doing?")
    // 14 g left; a 3-cup brew takes 16 g.
    let short = try await chat.send("is that enough for a 3-cup?")
    #expect(tools(short).isEmpty)
    #expect(short.response.content.contains("No: one brew in a 3-cup pot takes 16 g"), "\(short.response.content)")

    let other = try self.chat()
    _ = try await other.send("how is my Antigua doing?")
    // 95 g left; two 6-cup brews take 60 g.
    let twice = try await other.send("could I brew it twice in my 6-cup?")
    #expect(tools(twice).isEmpty)
    #expect(twice.response.content.contains("Yes: 2 brews in a 6-cup pot take 60 g"), "\(twice.response.content)")
  }

  @Test func whetherToThrowABagAwayIsJudgedByItsFreshness() async throws {
    let chat = try chat()
    _ = try await chat.send("tell me about my Santos")
    let verdict = try await chat.send("should I throw it away?")
    #expect(tools(verdict).isEmpty)
    #expect(verdict.response.content.contains("stale"))
    #expect(verdict.response.content.contains("safe to drink"), "\(verdict.response.content)")
  }

  @Test func brewsWantedReadsDaysWeeksTwiceAndOneBrew() {
    #expect(MokaCupboardAnswers.brewsWanted(Utterance("a pot a day for three weeks, will it last?")) == 21)
    #expect(MokaCupboardAnswers.brewsWanted(Utterance("will it last the week?")) == 7)
    #expect(MokaCupboardAnswers.brewsWanted(Utterance("can I do that twice?")) == 2)
    #expect(MokaCupboardAnswers.brewsWanted(Utterance("enough left for a 6-cup?")) == 1)
    // Making a pot is not asking whether the coffee lasts.
    #expect(MokaCupboardAnswers.brewsWanted(Utterance("how do I make a nice 2-cup at home?")) == nil)
  }

  @Test func stillRestingIsAnsweredBeforeFreshness() async throws {
    // The youngest bag (the Huila) is five days from roast: fresh, no longer resting.
    let reply = try await chat().send("are any of my bags too fresh to brew yet?")
    #expect(reply.response.content.hasPrefix("None of your bags is still resting"), "\(reply.response.content)")
  }

  @Test func theShopOrThePlaceMeansThePlaceJustShown() async throws {
    let chat = try chat()
    let first = try await chat.send("where can I buy a grinder near me?")
    #expect(tools(first) == ["nearbyCafes"])
    let far = try await chat.send("how long a walk is it to the shop from here?")
    #expect(tools(far).isEmpty)
    #expect(far.response.content.contains("km from you"), "\(far.response.content)")
  }

  @Test func aPlaceNamedIsSearchedAmongItsKindSoThatItIsListed() async throws {
    // Torrefazione Aurora is not among the five nearest places of any kind, but it is among the roasters.
    let reply = try await chat().send("Until when is Torrefazione Aurora open today?")
    #expect(tools(reply) == ["nearbyCafes"])
    #expect(arguments(reply).contains(#""kind":"roaster""#), "\(arguments(reply))")
    #expect(reply.response.content.hasPrefix("Torrefazione Aurora"), "\(reply.response.content)")
  }

  @Test func askingWhetherAValveAlarmIsDangerousRepeatsTheSafetyAnswer() async throws {
    let chat = try chat()
    _ = try await chat.send("hot steam keeps hissing out of the safety valve")
    let danger = try await chat.send("could it burst?")
    #expect(tools(danger).isEmpty)
    #expect(danger.response.content.contains("pressure"), "\(danger.response.content)")
  }

  @Test func thePriceOfBeansJustShownStaysWithTheBeans() async throws {
    let chat = try chat()
    _ = try await chat.send("Ethiopian naturals?")
    let price = try await chat.send("which of them costs the least?")
    #expect(price.specialty == .beans)
    #expect(tools(price).isEmpty)
    #expect(price.response.content.contains("no prices"), "\(price.response.content)")
  }

  @Test func aShortQuestionAboutTheCupboardIsTheCupboardsEvenWithAnOrigin() async throws {
    let reply = try await chat().send("any Kenyan in my stash?")
    #expect(reply.specialty == .cupboard)
    #expect(tools(reply) == ["cupboard"])
  }

  @Test func tornBetweenRoastsOffersThemAsChoices() async throws {
    let reply = try await chat().send("I'm torn between medium and dark, let me pick")
    #expect(tools(reply) == ["offerChoices"])
    #expect(arguments(reply).contains("Medium roast") && arguments(reply).contains("Dark roast"), "\(arguments(reply))")
  }

  @Test func aBeanAskedForByNameIsABeanSearchNearby() async throws {
    let reply = try await chat().send("where could I pick up the Gatomboya around here?")
    #expect(tools(reply) == ["nearbyCafes"])
    #expect(arguments(reply).contains(#""need":"beans""#), "\(arguments(reply))")
    #expect(reply.response.content.contains("not which beans they stock"), "\(reply.response.content)")
  }

  @Test func aKindOfMokaPotNamedWithoutPotIsThatPot() async throws {
    let reply = try await chat().send("where can I buy an electric moka?")
    #expect(arguments(reply).contains("electric moka pot"), "\(arguments(reply))")
  }

  @Test func aFollowUpPlusSomethingSimilarAtHomeListsTheCupboard() async throws {
    let chat = try chat()
    _ = try await chat.send("Ethiopian naturals?")
    let similar = try await chat.send("do I have anything similar to those at home?")
    #expect(tools(similar) == ["cupboard"])
    #expect(arguments(similar).contains(#""action":"list""#), "\(arguments(similar))")
  }

  @Test func whatABagsBeanIsComesFromItsReference() async throws {
    let reply = try await chat().send("is my Kochere a natural or a washed coffee?")
    #expect(tools(reply) == ["cupboard"])
    #expect(arguments(reply).contains(#""action":"compare""#), "\(arguments(reply))")
    #expect(reply.response.content.contains("washed process"), "\(reply.response.content)")
    #expect(reply.response.content.contains("from Yirgacheffe, Ethiopia"), "\(reply.response.content)")
  }

  @Test func nothingGoingToWasteMeansTheOrderToFinishBagsIn() async throws {
    let reply = try await chat().send("which bag should I open next so nothing goes to waste?")
    #expect(tools(reply) == ["cupboard"])
    #expect(reply.response.content.hasPrefix("Finish the Santos first"), "\(reply.response.content)")
  }

  @Test func aPlaceNameIsNotAPrice() {
    #expect(!MokaVocabulary.mentionsPrice(Utterance("anything honey processed from Costa Rica?")))
    #expect(!MokaVocabulary.mentionsPrice(Utterance("a European roaster?")))
    #expect(MokaVocabulary.mentionsPrice(Utterance("what would a bag cost?")))
  }

  @Test func aNegatedRoastLeavesThatRoastOut() async throws {
    let chat = try chat()
    _ = try await chat.send("beans from Indonesia?")
    let filtered = try await chat.send("which of those is not a dark roast?")
    #expect(tools(filtered).isEmpty)
    #expect(filtered.response.content.hasPrefix("Of those, not dark roast"), "\(filtered.response.content)")
    #expect(!filtered.response.content.contains("dark roast;"), "\(filtered.response.content)")
  }

  @Test func aBagNamedByItsBeanBeatsWhatItPointsBackAt() async throws {
    let chat = try chat()
    _ = try await chat.send("light Ethiopian beans?")
    let own = try await chat.send("I think I own a yirgacheffe, how old is it?")
    #expect(tools(own) == ["cupboard"])
    #expect(arguments(own).contains("Kochere"), "\(arguments(own))")
  }

  @Test func theBigOneIsTheLargestPotSizeMentioned() async throws {
    let chat = try chat()
    _ = try await chat.send("dose for a 9-cup pot?")
    _ = try await chat.send("I also own a 1-cup")
    _ = try await chat.send("how many brews does my Santos give in the small one?")
    // 210 g: 30 brews of 7 g, 5 of 42 g.
    let big = try await chat.send("and in the big one?")
    #expect(tools(big).isEmpty)
    #expect(big.response.content.contains("enough for 5 brews in a 9-cup pot"), "\(big.response.content)")
  }

  @Test func theBagMeansTheOneTheUserNamedLast() async throws {
    let chat = try chat()
    _ = try await chat.send("my Huila tastes sour")
    let fresh = try await chat.send("might the bag be too fresh still?")
    #expect(arguments(fresh).contains("Huila"), "\(arguments(fresh))")
    #expect(fresh.response.content.contains("not too fresh"), "\(fresh.response.content)")
  }

  @Test func aNoteFiltersTheBeansShown() async throws {
    let chat = try chat()
    let first = try await chat.send("Guatemalan beans, three of them")
    #expect(tools(first) == ["searchBeans"])
    let spiced = try await chat.send("which one of those has cinnamon?")
    #expect(tools(spiced).isEmpty)
    #expect(spiced.response.content.hasPrefix("Of those, cinnamon notes: Guatemala Antigua"), "\(spiced.response.content)")
  }

  @Test func coffeeForPeopleIsTheSmallestPotThatServesThem() {
    #expect(MokaToolRules.cups(in: Utterance("coffee for 4 guests, how much do I need?")) == 6)
    #expect(MokaToolRules.cups(in: Utterance("just for 2 people")) == 2)
  }

  @Test func brewingToAvoidAProblemIsBrewingAdviceEvenWithARoastNamed() async throws {
    let reply = try await chat().send("how do I brew a dark roast without it tasting bitter?")
    #expect(tools(reply) == ["brewAdvice"])
    #expect(arguments(reply).contains(#""problem":"bitter""#), "\(arguments(reply))")
  }

  @Test func dialingInABagGivesItsStateAndWhereToStart() async throws {
    let reply = try await chat().send("help me dial in my Huila in my 6-cup")
    #expect(tools(reply) == ["cupboard"])
    #expect(reply.response.content.contains("start at 30 g of coffee"), "\(reply.response.content)")
  }

  @Test func aProfileAskedFromFlavoursIsTheQuiz() async throws {
    let reply = try await chat().send("plum, cocoa and a little spice, that's what I love. what should I look for?")
    #expect(tools(reply).first == "tasteQuiz")
  }

  @Test func aKindOfPlacePicksItAmongThoseShown() throws {
    func place(_ name: String, _ kind: String, _ hours: String) -> GeneratedContent {
      GeneratedContent(properties: [
        "name": name, "kind": kind, "address": "Via Po 1", "hoursToday": hours, "distanceKm": 0.5, "openNow": true,
      ])
    }
    let shown = [place("Bar Uno", "cafe", "08:00-13:00"), place("Tostatura Due", "roaster", "09:00-12:30")]
    let answer = try #require(MokaPlaceFollowUps.answer(Utterance("when does the roaster one close?"), shown, RuleContext()))
    #expect(answer.hasPrefix("Tostatura Due (roaster)") && answer.contains("12:30"), "\(answer)")
    #expect(!answer.contains("Bar Uno"), "\(answer)")
  }

}
