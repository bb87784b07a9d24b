import Ristretto

/// Looks up the bags the user owns; can compare one with its reference profile in the corpus. A
/// listing also computes what is asked over all bags: the totals, the brews they make in the pot
/// size asked, and which bag is oldest, newest, nearly gone, and to finish first.
public struct CupboardTool: Tool {
  public let name = "cupboard"
  public let description =
    "The user's own bags: list (with totals and brews for a pot size), detail, or compare one with its reference bean."
  let data: MokaData

  public struct Arguments: GenerableObject {
    public enum Action: String, CaseIterable, Generable { case list, detail, compare }
    public var action: Action
    public var bag: String?
    /// The pot size brews are counted in (3 when not given or not a pot size).
    public var cups: Int?
    /// How many brews a day the user makes, for how many days the coffee lasts.
    public var brewsPerDay: Int?
    /// How many brews the user wants to make, for whether the coffee is enough.
    public var brews: Int?

    public static let properties = GenerableProperties<Arguments> {
      GenerableProperty("action", \.action)
      GenerableProperty("bag", \.bag, description: "bag name")
      GenerableProperty("cups", \.cups, description: "pot size", .range(1...12))
      GenerableProperty("brewsPerDay", \.brewsPerDay, .range(1...6))
      GenerableProperty("brews", \.brews, description: "brews wanted", .range(1...366))
    }

    public init(_ content: GeneratedContent) throws {
      action = try content.value(forProperty: "action")
      bag = try content.value(forProperty: "bag")
      cups = try content.value(forProperty: "cups")
      brewsPerDay = try content.value(forProperty: "brewsPerDay")
      brews = try content.value(forProperty: "brews")
    }

    /// The pot size asked, when it is one; else 3.
    var potSize: Int { cups.flatMap { BrewAdviceTool.potSizes.contains($0) ? $0 : nil } ?? 3 }
  }

  /// An owned bag as the tool reports it.
  public struct BagCard: GenerableObject {
    /// The last day after roasting (or opening) that a bag is fresh, and the last that it is fading.
    public static let freshDays = 30, fadingDays = 60

    public enum Freshness: String, CaseIterable, Generable { case resting, fresh, fading, stale }
    public var name, bean, roaster: String
    /// The reference bean's roast and process; nil when the bean is not in the corpus.
    public var roast, process: String?
    /// The roast date, and the day the bag was opened (nil while it is sealed), as `yyyy-MM-dd`.
    public var roastedOn: String
    public var openedOn: String?
    public var daysSinceRoast, gramsLeft: Int
    /// The bag's weight when full.
    public var bagGrams: Int
    public var opened: Bool
    /// Days since the bag was opened; nil while it is sealed.
    public var daysSinceOpened: Int?
    public var freshness: Freshness
    /// Full brews left at the dose of the pot size asked.
    public var brewsLeft: Int
    /// The share of the full bag left, in percent (rounded down), and the grams used of it.
    public var percentLeft, gramsUsed: Int
    /// Days the brews left last at the brews a day asked; nil when none was asked.
    public var daysLeft: Int?
    /// Days until the roast's age passes its next limit (``freshDays``, then ``fadingDays``);
    /// nil when it is past both.
    public var agesInDays: Int?
    /// The largest pot size whose dose the coffee left fills once; nil when it fills none.
    public var largestPot: Int?
    /// The grams missing for the brews asked at the pot size's dose (0 when there is enough); nil
    /// when no number of brews was asked.
    public var gramsShort: Int?

    public static let properties = GenerableProperties<BagCard> {
      GenerableProperty("name", \.name)
      GenerableProperty("bean", \.bean)
      GenerableProperty("roaster", \.roaster)
      GenerableProperty("roast", \.roast)
      GenerableProperty("process", \.process)
      GenerableProperty("roastedOn", \.roastedOn)
      GenerableProperty("openedOn", \.openedOn)
      GenerableProperty("daysSinceRoast", \.daysSinceRoast)
      GenerableProperty("gramsLeft", \.gramsLeft)
      GenerableProperty("bagGrams", \.bagGrams)
      GenerableProperty("opened", \.opened)
      GenerableProperty("daysSinceOpened", \.daysSinceOpened)
      GenerableProperty("freshness", \.freshness)
      GenerableProperty("brewsLeft", \.brewsLeft)
      GenerableProperty("percentLeft", \.percentLeft)
      GenerableProperty("gramsUsed", \.gramsUsed)
      GenerableProperty("daysLeft", \.daysLeft)
      GenerableProperty("agesInDays", \.agesInDays)
      GenerableProperty("largestPot", \.largestPot)
      GenerableProperty("gramsShort", \.gramsShort)
    }

    /// The card of `bag` for a pot of `cups` (a pot size), at `brewsPerDay`, for `brews` wanted.
    /// (Grams are validated at load, `0...bagGrams` within 100 kg, so no sum or product here overflows.)
    init(_ bag: OwnedBag, data: MokaData, cups: Int = 3, brewsPerDay: Int? = nil, brews: Int? = nil) {
      (name, roaster, gramsLeft, opened) = (bag.name, bag.roaster, bag.gramsLeft, bag.openedDate != nil)
      let reference = data.bean(id: bag.beanId)
      // (Without the corpus, the id written as a name: never an internal stem in an answer.)
      bean =
        reference?.name
        ?? bag.beanId.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
      (roast, process) = (reference?.roast, reference?.process)
      (roastedOn, openedOn) = (bag.roastDate, bag.openedDate)
      daysSinceRoast = data.days(since: bag.roastDate) ?? 0
      bagGrams = bag.bagGrams
      daysSinceOpened = bag.openedDate.flatMap(data.days(since:))
      freshness = Self.freshness(daysSinceRoast: daysSinceRoast, daysSinceOpened: daysSinceOpened)
      let dose = BrewAdviceTool.Output.dose(cups: cups)
      brewsLeft = bag.gramsLeft / dose
      percentLeft = 100 * bag.gramsLeft / max(bag.bagGrams, 1)
      gramsUsed = bag.bagGrams - bag.gramsLeft
      daysLeft = brewsPerDay.map { brewsLeft / max($0, 1) }
      agesInDays =
        daysSinceRoast <= Self.fadingDays
        ? (daysSinceRoast <= Self.freshDays ? Self.freshDays : Self.fadingDays) + 1 - daysSinceRoast : nil
      largestPot = BrewAdviceTool.potSizes.last { BrewAdviceTool.Output.dose(cups: $0) <= bag.gramsLeft }
      gramsShort = brews.map { max(0, $0 * dose - bag.gramsLeft) }
    }

    /// A bag's freshness by the days since it was roasted and opened (nil while sealed).
    static func freshness(daysSinceRoast: Int, daysSinceOpened: Int?) -> Freshness {
      switch daysSinceRoast {
      case ..<4: .resting
      case 4...freshDays: (daysSinceOpened ?? 0) > freshDays ? .fading : .fresh
      case (freshDays + 1)...fadingDays: .fading
      default: .stale
      }
    }

    /// How soon a bag should be used, higher first: stale, fading, fresh, resting, then older.
    static func urgency(_ freshness: Freshness, daysSinceRoast days: Int) -> (rank: Int, days: Int) {
      let rank: [Freshness: Int] = [.stale: 3, .fading: 2, .fresh: 1, .resting: 0]
      return (rank[freshness] ?? 1, days)
    }

    /// The urgency of an owned bag, as its card would give it.
    static func urgency(_ bag: OwnedBag, data: MokaData) -> (rank: Int, days: Int) {
      let days = data.days(since: bag.roastDate) ?? 0
      let opened = bag.openedDate.flatMap(data.days(since:))
      return urgency(freshness(daysSinceRoast: days, daysSinceOpened: opened), daysSinceRoast: days)
    }

    public init(_ content: GeneratedContent) throws {
      name = try content.value(forProperty: "name")
      bean = try content.value(forProperty: "bean")
      roaster = try content.value(forProperty: "roaster")
      roast = try content.value(forProperty: "roast")
      process = try content.value(forProperty: "process")
      roastedOn = try content.value(forProperty: "roastedOn")
      openedOn = try content.value(forProperty: "openedOn")
      daysSinceRoast = try content.value(forProperty: "daysSinceRoast")
      gramsLeft = try content.value(forProperty: "gramsLeft")
      bagGrams = try content.value(forProperty: "bagGrams")
      opened = try content.value(forProperty: "opened")
      daysSinceOpened = try content.value(forProperty: "daysSinceOpened")
      freshness = try content.value(forProperty: "freshness")
      brewsLeft = (try? content.value(forProperty: "brewsLeft")) ?? 0
      percentLeft = (try? content.value(forProperty: "percentLeft")) ?? 0
      gramsUsed = (try? content.value(forProperty: "gramsUsed")) ?? 0
      daysLeft = try? content.value(forProperty: "daysLeft")
      agesInDays = try? content.value(forProperty: "agesInDays")
      largestPot = try? content.value(forProperty: "largestPot")
      gramsShort = try? content.value(forProperty: "gramsShort")
    }
  }

  /// What a listing computes over all the bags (not only those listed).
  public struct Summary: GenerableObject {
    /// How many bags, and their grams left in total.
    public var bags, gramsLeft: Int
    /// The pot size counted in, its dose, and the full brews all the coffee makes at that dose.
    public var cups, doseGrams, brews: Int
    /// How many days the brews last at the brews a day asked; nil when none was asked.
    public var days: Int?
    /// The bags, with coffee left, roasted longest and shortest ago and with the least left.
    public var oldest, newest, lowest: String?
    /// The bags with coffee left in the order to finish them (stale, then fading, then fresh,
    /// then resting, older first within each), the first ``CupboardTool/maximumBags`` of them.
    public var finishFirst: [String]

    public static let properties = GenerableProperties<Summary> {
      GenerableProperty("bags", \.bags)
      GenerableProperty("gramsLeft", \.gramsLeft)
      GenerableProperty("cups", \.cups)
      GenerableProperty("doseGrams", \.doseGrams)
      GenerableProperty("brews", \.brews)
      GenerableProperty("days", \.days)
      GenerableProperty("oldest", \.oldest)
      GenerableProperty("newest", \.newest)
      GenerableProperty("lowest", \.lowest)
      GenerableProperty("finishFirst", \.finishFirst)
    }

    init(_ bags: [OwnedBag], data: MokaData, cups: Int, brewsPerDay: Int?) {
      // (Each bag holds at most 100 kg, so the sum of an array's worth cannot overflow.)
      (self.bags, gramsLeft, self.cups) = (bags.count, bags.reduce(0) { $0 + $1.gramsLeft }, cups)
      doseGrams = BrewAdviceTool.Output.dose(cups: cups)
      let brews = gramsLeft / doseGrams
      self.brews = brews
      days = brewsPerDay.map { brews / max($0, 1) }
      // (Urgencies, not cards: a card per bag of a very large cupboard would cost more than the listing.)
      let left = bags.filter { $0.gramsLeft > 0 }.map { (bag: $0, urgency: BagCard.urgency($0, data: data)) }
      newest = left.min { $0.urgency.days < $1.urgency.days }?.bag.name
      oldest = left.max { $0.urgency.days < $1.urgency.days }?.bag.name
      lowest = left.min { $0.bag.gramsLeft < $1.bag.gramsLeft }?.bag.name
      finishFirst = left.sorted { $0.urgency > $1.urgency }.prefix(CupboardTool.maximumBags).map(\.bag.name)
    }

    public init(_ content: GeneratedContent) throws {
      bags = try content.value(forProperty: "bags")
      gramsLeft = try content.value(forProperty: "gramsLeft")
      cups = try content.value(forProperty: "cups")
      doseGrams = try content.value(forProperty: "doseGrams")
      brews = try content.value(forProperty: "brews")
      days = try content.value(forProperty: "days")
      oldest = try content.value(forProperty: "oldest")
      newest = try content.value(forProperty: "newest")
      lowest = try content.value(forProperty: "lowest")
      finishFirst = try content.value(forProperty: "finishFirst")
    }
  }

  public struct Output: GenerableObject {
    public enum Status: String, CaseIterable, Generable { case ok, cupboardEmpty, noSuchBag, cupboardUnavailable }
    public var status: Status
    /// The bags, at most ``CupboardTool/maximumBags`` of them, in the cupboard's order.
    public var bags: [BagCard]
    /// A listing's totals and picks over all the bags; nil for one bag's detail or comparison.
    public var summary: Summary?
    public var reference: BeanCard?
    /// When the cupboard is unavailable: why, naming the data file.
    public var reason: String?
    /// `unavailable` when a comparison was asked but the reference corpus lacks the bean.
    public var referenceStatus: String?
    /// The grams the brews asked take at the pot size's dose; nil when no number was asked.
    public var gramsNeeded: Int?

    public static let properties = GenerableProperties<Output> {
      GenerableProperty("status", \.status)
      GenerableProperty("bags", \.bags)
      GenerableProperty("summary", \.summary)
      GenerableProperty("reference", \.reference)
      GenerableProperty("reason", \.reason)
      GenerableProperty("referenceStatus", \.referenceStatus)
      GenerableProperty("gramsNeeded", \.gramsNeeded)
    }

    init(status: Status, bags: [BagCard] = [], reference: BeanCard? = nil, reason: String? = nil) {
      (self.status, self.bags, self.reference, self.reason) = (status, bags, reference, reason)
    }

    public init(_ content: GeneratedContent) throws {
      status = try content.value(forProperty: "status")
      bags = try content.value(forProperty: "bags")
      summary = try content.value(forProperty: "summary")
      reference = try content.value(forProperty: "reference")
      reason = try content.value(forProperty: "reason")
      referenceStatus = try content.value(forProperty: "referenceStatus")
      gramsNeeded = try? content.value(forProperty: "gramsNeeded")
    }
  }

  /// The most bags an output lists (about 150 SmolLM2 tokens each), so that it fits a 4,096-token context
  /// beside the instructions whatever the cupboard holds; the totals count them all.
  public static let maximumBags = 10

  /// The cupboard listed: its first ``maximumBags`` bags, and the summary of all.
  func listing(_ status: Output.Status, _ bags: [OwnedBag], _ arguments: Arguments) -> Output {
    let cups = arguments.potSize
    var output = Output(status: status, bags: bags.prefix(Self.maximumBags).map { card($0, arguments) })
    output.gramsNeeded = needed(arguments)
    output.summary = Summary(bags, data: data, cups: cups, brewsPerDay: arguments.brewsPerDay)
    return output
  }

  /// The card of `bag` for the pot size, brews a day and brews the arguments ask.
  func card(_ bag: OwnedBag, _ arguments: Arguments) -> BagCard {
    BagCard(bag, data: data, cups: arguments.potSize, brewsPerDay: arguments.brewsPerDay, brews: Self.brews(arguments))
  }

  /// The grams the brews asked take at the pot size's dose.
  func needed(_ arguments: Arguments) -> Int? {
    Self.brews(arguments).map { $0 * BrewAdviceTool.Output.dose(cups: arguments.potSize) }
  }

  /// The brews asked, within the schema's range whoever calls.
  static func brews(_ arguments: Arguments) -> Int? { arguments.brews.map { min(max($0, 1), 366) } }

  public func call(arguments: Arguments) async throws -> Output {
    guard let bags = data.cupboard else {
      return Output(status: .cupboardUnavailable, reason: data.unavailable[.cupboard])
    }
    guard !bags.isEmpty else { return Output(status: .cupboardEmpty) }
    guard let wanted = arguments.bag?.lowercased(), !wanted.isEmpty else {
      return listing(arguments.action == .list || bags.count == 1 ? .ok : .noSuchBag, bags, arguments)
    }
    guard let bag = bags.first(where: { $0.name.lowercased() == wanted || TextSearch.containsIgnoringCase($0.name, wanted) })
    else {
      return listing(.noSuchBag, bags, arguments)
    }
    let reference = arguments.action == .compare ? data.bean(id: bag.beanId).map(BeanCard.init) : nil
    var output = Output(status: .ok, bags: [card(bag, arguments)], reference: reference)
    output.gramsNeeded = needed(arguments)
    if arguments.action == .compare, reference == nil { output.referenceStatus = "unavailable" }
    return output
  }
}
