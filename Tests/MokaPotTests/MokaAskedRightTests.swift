import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// Questions read for what they ask: the symptom rather than the circumstance, a place's kind for
/// what it is for, a pot size that is not a cup to buy, a part the problem wears out, two beans
/// named at once, a quiz answered in the order the flavours were named, and what a barista knows
/// without a tool (pressure, flame size, units).
@Suite("Moka questions read for what they ask")
struct MokaAskedRightTests {
  func chat() throws -> SpecialistChat<MokaSpecialty> { try MokaFixtures.rulesChat() }
  func calls(_ reply: SpecialistChat<MokaSpecialty>.Reply) -> [(tool: String, arguments: String)] { MokaFixtures.calls(reply) }

  @Test func aSymptomBeatsTheCircumstanceItHappensIn() {
    #expect(MokaVocabulary.problem(in: Utterance("Brand new pot and the coffee tastes of metal")) == "metallic")
    #expect(MokaVocabulary.problem(in: Utterance("brand new pot, how do I season it?")) == "firstUse")
    #expect(MokaVocabulary.problem(in: Utterance("my moka gurgles and spurts everywhere")) == "sputtering")
  }

  @Test func aPreferenceIsReadFromWhatTheCoffeeIsFor() {
    #expect(MokaToolRules.preference(in: Utterance("is there a coffee that's gentler on the stomach?")) == "lowAcidity")
    #expect(MokaToolRules.preference(in: Utterance("suggest a bean that works well with milk")) == "fullBody")
    // "Milk chocolate" is a note, not milk in the cup.
    #expect(MokaToolRules.preference(in: Utterance("beans with milk chocolate notes")) == nil)
  }

  @Test func aPlaceNamedIsSearchedForWhatItsKindIsFor() throws {
    let tags = MokaTags(data: try MokaFixtures.data())
    let shop = MokaToolRules.nearbyArguments(
      Utterance("What time does Casa Moka close today?"), context: RuleContext(), tags: tags)
    #expect(MokaAnswers.string(shop, "need") == "gear")
    let roaster = MokaToolRules.nearbyArguments(
      Utterance("Is Torrefazione Vanchiglia open right now?"), context: RuleContext(), tags: tags)
    #expect(MokaAnswers.string(roaster, "need") == "beans")
  }

  @Test func aPotSizeIsNotCupsToBuy() throws {
    let tags = MokaTags(data: try MokaFixtures.data())
    let pot = MokaToolRules.nearbyArguments(
      Utterance("where can I buy a 12-cup pot around here?"), context: RuleContext(), tags: tags)
    #expect(MokaAnswers.string(pot, "item") == "moka pot")
    #expect(MokaAnswers.string(pot, "need") == "gear")
    let cups = MokaToolRules.nearbyArguments(Utterance("where can I buy espresso cups?"), context: RuleContext(), tags: tags)
    #expect(MokaAnswers.string(cups, "item") == "cup")
  }

  @Test func aNewOneAfterALeakIsAGasket() async throws {
    let chat = try chat()
    _ = try await chat.send("my 6-cup is leaking from the screw thread")
    let buy = try await chat.send("ok where can I get a new one today?")
    #expect(calls(buy).first?.tool == "nearbyCafes")
    #expect(calls(buy).first?.arguments.contains("\"item\":\"gasket\"") == true, "\(calls(buy))")
  }

  @Test func replacingThePotAsksForAPotNotAnAdapter() throws {
    let tags = MokaTags(data: try MokaFixtures.data())
    let arguments = MokaToolRules.nearbyArguments(
      Utterance("maybe I should just replace it. where can I buy one that works on induction?"), context: RuleContext(),
      tags: tags)
    #expect(MokaAnswers.string(arguments, "item") == "induction moka pot")
  }

  @Test func twoBeansNamedAreEachSearchedAndTheSecondOneIsTheSecond() async throws {
    let chat = try chat()
    let both = try await chat.send("Compare the Kenya Kiambu Peaberry and the Rwanda Huye Mountain for me")
    #expect(calls(both).map(\.tool) == ["searchBeans", "searchBeans"], "\(calls(both))")
    #expect(both.response.content.contains("Kiambu Peaberry"))
    #expect(both.response.content.contains("Huye Mountain"))
    let second = try await chat.send("the second one — what process is it?")
    #expect(calls(second).isEmpty)
    #expect(second.response.content.contains("Rwanda Huye Mountain Honey"), "\(second.response.content)")
  }

  @Test func whichIsTheMostOfANoteRanksTheBeansShown() async throws {
    let chat = try chat()
    // (Three shown: "which … do you have?" would list five, two of them level.)
    _ = try await chat.send("show me some Colombian beans")
    let most = try await chat.send("fine — which is the most chocolatey then?")
    #expect(calls(most).isEmpty)
    #expect(
      most.response.content.hasPrefix("Of those, the one with the most chocolate notes is Colombia"), "\(most.response.content)")
  }

  @Test func theQuizBreaksATieByTheFlavourNamedFirst() async throws {
    let berry = try await TasteQuizTool().call(
      arguments: .init(try GeneratedContent(json: #"{"likes":["strawberry","chocolate"]}"#)))
    #expect(berry.note == "berry")
    let chocolate = try await TasteQuizTool().call(
      arguments: .init(try GeneratedContent(json: #"{"likes":["chocolate","strawberry"]}"#)))
    #expect(chocolate.note == "chocolate")
    #expect(
      MokaVocabulary.likes(in: Utterance("I like strawberries, chocolate and things on the sweet side")) == [
        "strawberry", "chocolate", "sweet",
      ])
  }

  @Test func aProcessNamedWithCoffeeIsNotANote() throws {
    let arguments = MokaToolRules.searchArguments(
      Utterance("any other honey coffees, but light roasted?"), context: RuleContext())
    #expect(MokaAnswers.string(arguments, "process") == "honey")
    #expect(MokaAnswers.strings(arguments, "notes").isEmpty)
  }

  @Test func theItalianStyleIsADarkBlendUnlessARoastIsNamed() {
    #expect(MokaVocabulary.origin(in: Utterance("what classic Italian-style bean would suit it?")) == "Blend")
    #expect(MokaVocabulary.roast(in: Utterance("what classic Italian-style bean would suit it?")) == "dark")
    #expect(MokaVocabulary.roast(in: Utterance("any italian-style blends for moka? medium roast preferably")) == "medium")
  }

  @Test func pressureFlameAndUnitsAreKnownWithoutATool() {
    let pressure = Utterance("How much pressure does a moka make compared with an espresso machine?")
    #expect(MokaKnowledge.topic(pressure) == "pressure")
    #expect(MokaKnowledge.answer(pressure, RuleContext())?.contains("9 bar") == true)
    // A bar is a cafe too.
    #expect(MokaKnowledge.topic(Utterance("Closest espresso bar to me?")) == nil)
    #expect(MokaKnowledge.topic(Utterance("On a gas hob, should the flame be bigger than the bottom of the pot?")) == "flameSize")
    let ounce = Utterance("quick one, how many grams in an ounce?")
    #expect(MokaKnowledge.answer(ounce, RuleContext())?.contains("28 g") == true)
  }

  @Test func whetherTheBeanShownSuitsAMokaIsKnownWithoutATool() async throws {
    let chat = try chat()
    _ = try await chat.send("honey processed coffees from Costa Rica?")
    let suits = try await chat.send("would it work in a moka?")
    #expect(calls(suits).isEmpty)
    #expect(suits.response.content.hasPrefix("Yes: any bean works in a moka pot"), "\(suits.response.content)")
    // Not about a bean shown: a bag's verdict, from its freshness.
    let bags = try self.chat()
    _ = try await bags.send("which of my bags has gone stale?")
    let verdict = try await bags.send("can I still use it in a moka?")
    #expect(verdict.response.content.hasPrefix("Your Santos"), "\(verdict.response.content)")
  }

  @Test func aRecipeAskedInTheSecondPartIsGivenAfterTheBeans() async throws {
    let reply = try await chat().send("Suggest a low-acid bean and give me the recipe for a 2-cup pot")
    #expect(calls(reply).map(\.tool) == ["searchBeans", "brewAdvice"], "\(calls(reply))")
    #expect(reply.response.content.contains("10 g of coffee"))
    // Tips for a pot size are a recipe, whatever the beans are like.
    let tips = try await chat().send("brew tips for a dark roast in a 6-cup?")
    #expect(tips.specialty == .general)
    #expect(calls(tips).first?.tool == "brewAdvice", "\(calls(tips))")
  }

  @Test func aPotsPriceIsNotItsRecipe() async throws {
    let reply = try await chat().send("Is a 6-cup Bialetti expensive? Roughly what should I expect to pay?")
    #expect(calls(reply).first?.tool == "webSearch", "\(calls(reply))")
    #expect(reply.response.content.contains("The data has no prices"))
  }

  @Test func processesNamedInOtherWords() {
    #expect(MokaVocabulary.process(in: Utterance("Show me naturally processed coffees")) == "natural")
    #expect(MokaVocabulary.process(in: Utterance("the honey one please - what's it like?")) == "honey")
  }

  @Test func hedgedAndPluralQuestionsStillMatch() throws {
    #expect(MokaKnowledge.topic(Utterance("What exactly is a peaberry?")) == "peaberry")
    #expect(MokaKnowledge.topic(Utterance("what's the difference between yellow and black honey?")) == "honeyGrades")
    #expect(MokaTags.singular("classes") == "class")
    #expect(MokaTags.singular("plates") == "plate")
    let tags = MokaTags(data: try MokaFixtures.data())
    let classes = MokaToolRules.nearbyArguments(
      Utterance("does anyone nearby run brewing classes?"), context: RuleContext(), tags: tags)
    #expect(MokaAnswers.string(classes, "item") == "brewing class")
  }

  @Test func flavoursLikedWithWhatToLookForIsTheQuiz() async throws {
    let reply = try await chat().send("I enjoy lemony, jasmine-like coffee: what should I look for?")
    #expect(calls(reply).first?.tool == "tasteQuiz", "\(calls(reply))")
  }

  @Test func aPlaceNamedRoutesToShoppingAndThisMorningMeansOpenNow() async throws {
    let reply = try await chat().send("Can I still make it to Drogheria Porta Palazzo for decaf beans?")
    #expect(reply.specialty == .shopping)
    #expect(MokaToolRules.wantsOpenNow(Utterance("I need a grinder this morning, who's open?")))
    #expect(!MokaToolRules.wantsOpenNow(Utterance("is Casa Moka open today?")))
  }

  @Test func keepingOnWithALeakingPotIsASafetyAnswerEvenAfterPlaces() async throws {
    let chat = try chat()
    _ = try await chat.send("my moka leaks at the seam")
    _ = try await chat.send("where can I buy a new gasket near me?")
    let safe = try await chat.send("meanwhile, is it safe to keep using it?")
    #expect(calls(safe).isEmpty)
    #expect(safe.response.content.hasPrefix("Better not"), "\(safe.response.content)")
  }
}
