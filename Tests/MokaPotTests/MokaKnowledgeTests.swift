import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

@Suite("Moka knowledge, search arguments and computed answers")
struct MokaKnowledgeTests {
  func chat(index: IndexHealth = .ready) throws -> SpecialistChat<MokaSpecialty> {
    let assistant = try MokaFixtures.assistant(index: index)
    return try assistant.chat(model: try assistant.rulesModel)
  }

  func ask(_ question: String, index: IndexHealth = .ready) async throws -> SpecialistChat<MokaSpecialty>.Reply {
    try await chat(index: index).send(question)
  }

  @Test(arguments: [
    ("Do you press the grounds firmly into the funnel?", "tamping", "Tamping"),
    ("How coarse should the coffee be for a moka?", "grindSize", "coarser than espresso"),
    ("Boiling or cold water for the base?", "waterTemperature", "hot water"),
    ("How do I know when the brew is finished and should come off the stove?", "offTheHeat", "gurgle"),
    ("Is it safe to pour water over the valve line?", "fillLevel", "below the safety valve"),
    ("Steam keeps whistling from the pressure valve, is that ok?", "valve", "Never block"),
    ("How long does a rubber gasket last before I change it?", "gasket", "once a year"),
    ("What is anaerobic processing?", "processes", "without oxygen"),
    ("Is there more caffeine in a light roast?", "caffeine", "about the same"),
    ("arabica vs robusta, what's the difference?", "species", "twice the caffeine"),
    ("what's a marocchino?", "drinks", "cocoa"),
    ("roughly how many minutes does the moka take to brew?", "brewTime", "5 minutes"),
    ("could I make a half pot in my big moka?", "halfPot", "reducer"),
    ("what can you help me with?", "capabilities", "cupboard"),
    ("how do I prepare matcha properly?", "offTopic", "only help with moka-pot coffee"),
    ("good morning!", "greeting", "Hello"),
    ("do I leave the lid up or shut while it brews?", "lid", "lid open"),
    ("is it worth freezing whole beans?", "storage", "airtight"),
    ("dark or light roast, which is better in a moka?", "roasts", "bittersweet"),
    ("what does wet-hulling do to a coffee?", "processes", "earthy"),
    ("how far up should the water go in the base?", "fillLevel", "below the safety valve"),
    ("can the pot stay on the hob once it has finished?", "offTheHeat", "No: do not leave it on the heat"),
    ("who designed the first moka pot?", "history", "1933"),
    ("is it fine to brew with a worn, cracked seal?", "keepUsing", "Better not"),
    ("what is the population of Turin?", "offTopic", "only help with moka-pot coffee"),
    ("what's a peaberry exactly?", "peaberry", "single round seed"),
    ("could my moka pot blow up?", "valve", "Never block"),
    ("Hi there, Marta here", "greeting", "Hello"),
  ])
  func knowledgeQuestionsAreAnsweredWithoutATool(question: String, topic: String, fact: String) async throws {
    #expect(MokaKnowledge.topic(Utterance(question)) == topic)
    let reply = try await ask(question)
    #expect(reply.response.toolCalls.isEmpty, "\(question)")
    // Knowledge about beans goes to the beans specialist, the rest to general.
    #expect(reply.specialty == (MokaKnowledge.beanTopics.contains(topic) ? .beans : .general))
    #expect(reply.response.content.contains(fact), "\(question): \(reply.response.content)")
  }

  @Test func problemsPurchasesAndReportsStillGoToTheTools() async throws {
    // A pot that brews nothing is the brewing advice's safety case, buying a valve is a place search,
    // and a report of what the user did is not a question about tamping.
    let noFlow = try await ask("No coffee comes up and the valve hisses")
    #expect(noFlow.response.toolCalls.map(\.toolName) == ["brewAdvice"])
    let buy = try await ask("Where can I buy a new safety valve?")
    #expect(buy.response.toolCalls.map(\.toolName) == ["nearbyCafes"])
    #expect(MokaKnowledge.topic(Utterance("I pressed it down hard and ground it very fine")) == nil)
    #expect(MokaKnowledge.topic(Utterance("recommend a washed coffee")) == nil)
  }

  @Test func placeSearchesReadOpenWithoutATimeAsOpenNow() {
    let tags = MokaTags(data: try! MokaFixtures.data())
    func openNow(_ question: String) -> Bool {
      let arguments = MokaToolRules.nearbyArguments(Utterance(question), context: RuleContext(), tags: tags)
      return MokaAnswers.field(arguments, "openNow")?.kind == .bool(true)
    }
    #expect(openNow("is any roaster open?"))
    #expect(openNow("cafes open near me"))
    #expect(!openNow("which cafe is open latest today?"))
    #expect(!openNow("what time does the nearest shop open?"))
  }

  @Test func cupboardAnswersByOriginAndFindsABagByItsBean() async throws {
    let none = try await ask("is there anything from Rwanda in my cupboard?")
    #expect(none.response.content.hasPrefix("None of your bags is from Rwanda"), "\(none.response.content)")
    let byBean = try await ask("how much of my pitalito is left?")
    #expect(byBean.response.content.contains("Huila"), "\(byBean.response.content)")
    #expect(byBean.response.content.contains("232 g"))
  }

  @Test func aRubberRingIsAGasketAndPlaceQuestionsRouteToShopping() async throws {
    let tags = MokaTags(data: try MokaFixtures.data())
    let arguments = MokaToolRules.nearbyArguments(
      Utterance("where can I get a new rubber ring?"), context: RuleContext(), tags: tags)
    #expect(MokaAnswers.string(arguments, "item")?.hasSuffix("gasket") == true)
    let reply = try await ask("how far away is that, roughly?")
    #expect(reply.specialty == .shopping)
  }

  @Test func theLearnedRouterReadsBagsBeansAndBrewing() throws {
    let route = MokaLeaningRouterTests.route
    #expect(try route("enough for two 6-cup pots?") == "cupboard")
    #expect(try route("and which are stale?") == "cupboard")
    #expect(try route("any deals on kettles this week?") != "cupboard")
    #expect(try route("what about Peru?") == "beans")
    #expect(try route("what's the population of Peru these days, roughly?") != "beans")
    #expect(try route("gaskets") != "general")
    #expect(try route("it drips from the seam") == "general")
  }

  @Test func aRecipeFollowUpGivesTheDoseWithItsWater() async throws {
    let chat = try chat()
    _ = try await chat.send("recipe for a 12-cup moka please")
    let dose = try await chat.send("and the ratio?")
    #expect(dose.response.content.hasPrefix("For a 12-cup moka pot use 55 g of coffee and 600 ml of water."))
  }

  @Test func aCombinationNoBeanHasShowsTheNearestBeansAndSaysWhatWasLeftOut() async throws {
    // The corpus has one decaf, a medium roast: a light decaf finds it without the roast.
    let reply = try await ask("a light roasted decaf, please")
    #expect(reply.response.content.contains("Without the light roast: Colombia Huila Decaf"), "\(reply.response.content)")
  }

  @Test func cupboardSaysWhatWasUsedWhenABagWasOpenedAndWhatIsResting() async throws {
    // What is used is what the bag held less what is left.
    let used = try await ask("how many grams of the Santos have I already used?")
    #expect(used.response.content.contains("You have used"), "\(used.response.content)")
    let opened = try await ask("when did I open the Kochere?")
    #expect(opened.response.content.contains("You opened it 19 days ago"), "\(opened.response.content)")
    let resting = try await ask("is any of my coffee still resting?")
    #expect(resting.response.content.hasPrefix("None of your bags is still resting"), "\(resting.response.content)")
  }

  @Test func aSecondPartAboutABrewingProblemGetsTheBrewingAdviceToo() async throws {
    let reply = try await ask("suggest a Kenyan, and also how do I fix coffee that tastes burnt?")
    #expect(reply.response.toolCalls.map(\.toolName) == ["searchBeans", "brewAdvice"])
    #expect(reply.response.content.contains("Kenya"))
    #expect(reply.response.content.contains("Bitter"), "\(reply.response.content)")
  }

  @Test func aPotSizeSaidEarlierCountsTheBrewsLater() async throws {
    let chat = try chat()
    _ = try await chat.send("how much coffee goes in my 9-cup pot?")
    let brews = try await chat.send("how many brews is the Huila good for?")
    // 232 g at 42 g a brew.
    #expect(brews.response.content.contains("enough for 5 brews in a 9-cup pot"), "\(brews.response.content)")
  }

  @Test func fewerBeansThanAskedForIsSaid() async throws {
    let reply = try await ask("give me four decaf options")
    #expect(reply.response.content.hasPrefix("Only one bean matches."), "\(reply.response.content)")
  }

  @Test func cupboardCountsUnopenedBagsAndSeamDripsAreALeak() async throws {
    #expect(try await ask("any bags still sealed?").response.content.hasPrefix("You have 1 unopened bag: Napoletano"))
    #expect(MokaVocabulary.problem(in: Utterance("hot coffee dribbles out at the seam")) == "leaking")
  }

  @Test func whyAfterAValveAlarmGivesTheCauses() async throws {
    let chat = try chat()
    _ = try await chat.send("Hot steam is hissing from the valve!")
    let why = try await chat.send("what made it do that?")
    #expect(why.response.toolCalls.isEmpty)
    #expect(why.response.content.contains("ground too fine"))
    let keep = try await chat.send("Can I carry on using the pot meanwhile?")
    #expect(keep.response.content.hasPrefix("Better not"))
  }

  @Test func offTopicIsDeclinedWithoutAPlaceSearch() async throws {
    let reply = try await ask("Where is a good sushi restaurant in Turin?")
    #expect(reply.response.toolCalls.isEmpty)
    #expect(reply.response.content.contains("only help with moka-pot coffee"))
  }

  @Test func aStaleIndexIsSearchedAndItsResultsFlagged() async throws {
    let reply = try await ask("beans from Kenya please", index: .stale)
    #expect(reply.response.content.contains("out of date"))
    #expect(reply.response.content.contains("Kenya Nyeri"))
    #expect(!reply.response.content.contains("did not run"))
  }

  func searchArguments(_ question: String) -> GeneratedContent {
    MokaToolRules.searchArguments(Utterance(question), context: RuleContext())
  }

  @Test func searchArgumentsReadPeoplesNamesNegatedRoastsAndSpecificNotes() {
    #expect(MokaAnswers.string(searchArguments("any washed Colombians?"), "origin") == "Colombia")
    // Long vocabulary words tolerate one typo; short ones do not.
    #expect(MokaAnswers.string(searchArguments("somthing from Etiopya"), "origin") == "Ethiopia")
    #expect(MokaAnswers.string(searchArguments("a nicaragwan one"), "origin") == "Nicaragua")
    #expect(MokaAnswers.string(searchArguments("a meduim roast"), "roast") == "medium")
    #expect(MokaAnswers.string(searchArguments("beans from cuda"), "origin") == nil)
    // Blends are searched as the corpus lists them; an Italian style is not an origin.
    #expect(MokaAnswers.string(searchArguments("an italian-style blend"), "origin") == "Blend")
    #expect(MokaAnswers.string(searchArguments("a darker one, not light"), "roast") == "dark")
    #expect(MokaAnswers.string(searchArguments("is there a light roast? I assumed they were dark"), "roast") == "light")
    #expect(MokaAnswers.string(searchArguments("a Rwandan, but not too light please"), "roast") == "medium")
    #expect(MokaAnswers.string(searchArguments("the darkest Colombian?"), "roast") == "dark")
    #expect(MokaAnswers.strings(searchArguments("something with cinnamon"), "notes") == ["cinnamon"])
    #expect(MokaAnswers.strings(searchArguments("a lemony coffee"), "notes") == ["lemon"])
    #expect(MokaAnswers.strings(searchArguments("almondy and chocolatey please"), "notes") == ["almond", "chocolate"])
    // Two notes of one family ask for the family; a family word beside one of its notes, for the note.
    #expect(MokaAnswers.strings(searchArguments("clove or cardamom notes"), "notes") == ["spice"])
    #expect(MokaAnswers.strings(searchArguments("fruity, maybe blueberry"), "notes") == ["blueberry"])
    #expect(MokaAnswers.strings(searchArguments("honey processed beans"), "notes").isEmpty)
  }

  @Test func aFollowUpRanksTheBeansShown() async throws {
    let chat = try chat()
    let first = try await chat.send("three natural beans from Ethiopia")
    let shown = first.response.toolOutputs.flatMap { output -> [GeneratedContent] in
      guard case .structure(let segment)? = output.segments.first else { return [] }
      return MokaAnswers.array(segment.content, "beans")
    }
    #expect(shown.count == 3, "\(first.response.content)")
    let heaviest = try #require(shown.max { MokaAnswers.int($0, "body") < MokaAnswers.int($1, "body") })
    let body = try await chat.send("which of them has the fullest body?")
    #expect(body.response.toolCalls.isEmpty)
    #expect(body.response.content.contains(MokaAnswers.string(heaviest, "name") ?? "?"))
  }

  @Test func cupboardFiltersByRoasterAndNamesAMissingBag() async throws {
    // Santos (210 g) and Napoletano (500 g) come from Torrefazione Aurora.
    let roaster = try await ask("how many grams in total do I have from Torrefazione Aurora?")
    #expect(roaster.response.content.contains("710 g"), "\(roaster.response.content)")
    let missing = try await ask("is my yemen bag still fresh?")
    #expect(missing.response.toolCalls.first?.arguments.jsonString.contains("Yemen") == true)
    #expect(missing.response.content.contains("no bag called Yemen"))
    let freshest = try await ask("which is the freshest bag I own?")
    #expect(!freshest.response.content.contains("no bag called"))
  }

  @Test func aBagNamedWithAPotSizeGivesDoseAndWater() async throws {
    let reply = try await ask("How many brews are left in my Huila for a 2-cup pot?")
    #expect(reply.response.content.contains("10 g of coffee and 100 ml of water"))
  }

  @Test func aKindOfPlaceShowsThatKindAndHoursRankThePlaces() async throws {
    let roaster = try await ask("nearest coffee roaster?")
    #expect(roaster.response.content.contains("Torrefazione Vanchiglia"), "\(roaster.response.content)")
    #expect(!roaster.response.content.contains("Lanterna"))
    let chat = try chat()
    _ = try await chat.send("cafes near me")
    let late = try await chat.send("which of them closes latest?")
    #expect(late.response.toolCalls.isEmpty)
    #expect(late.response.content.contains("Bicerin"), "\(late.response.content)")
  }
}
