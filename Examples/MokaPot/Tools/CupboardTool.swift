import Ristretto

/// Looks up the bags the user owns; can compare one with its reference profile in the corpus.
public struct CupboardTool: Tool {
  public let name = "cupboard"
  public let description = "The user's own bags: list, detail, or compare one with its reference bean."
  let data: MokaData

  public struct Arguments: GenerableObject {
    public enum Action: String, CaseIterable, Generable { case list, detail, compare }
    public var action: Action
    public var bag: String?

    public static let properties = GenerableProperties<Arguments> {
      GenerableProperty("action", \.action)
      GenerableProperty("bag", \.bag, description: "bag name")
    }

    public init(_ content: GeneratedContent) throws {
      action = try content.value(forProperty: "action")
      bag = try content.value(forProperty: "bag")
    }
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
    }

    init(_ bag: OwnedBag, data: MokaData) {
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
      let openedDays = daysSinceOpened ?? 0
      switch daysSinceRoast {
      case ..<4: freshness = .resting
      case 4...Self.freshDays: freshness = openedDays > Self.freshDays ? .fading : .fresh
      case (Self.freshDays + 1)...Self.fadingDays: freshness = .fading
      default: freshness = .stale
      }
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
    }
  }

  public struct Output: GenerableObject {
    public enum Status: String, CaseIterable, Generable { case ok, cupboardEmpty, noSuchBag, cupboardUnavailable }
    public var status: Status
    /// The bags, at most ``CupboardTool/maximumBags`` of them, in the cupboard's order.
    public var bags: [BagCard]
    /// How many bags the cupboard holds and their grams left in total, when it holds more than
    /// are listed; nil when every bag is listed.
    public var totalBags, totalGramsLeft: Int?
    public var reference: BeanCard?
    /// When the cupboard is unavailable: why, naming the data file.
    public var reason: String?
    /// `unavailable` when a comparison was asked but the reference corpus lacks the bean.
    public var referenceStatus: String?

    public static let properties = GenerableProperties<Output> {
      GenerableProperty("status", \.status)
      GenerableProperty("bags", \.bags)
      GenerableProperty("totalBags", \.totalBags)
      GenerableProperty("totalGramsLeft", \.totalGramsLeft)
      GenerableProperty("reference", \.reference)
      GenerableProperty("reason", \.reason)
      GenerableProperty("referenceStatus", \.referenceStatus)
    }

    init(status: Status, bags: [BagCard] = [], reference: BeanCard? = nil, reason: String? = nil) {
      (self.status, self.bags, self.reference, self.reason) = (status, bags, reference, reason)
    }

    public init(_ content: GeneratedContent) throws {
      status = try content.value(forProperty: "status")
      bags = try content.value(forProperty: "bags")
      totalBags = try content.value(forProperty: "totalBags")
      totalGramsLeft = try content.value(forProperty: "totalGramsLeft")
      reference = try content.value(forProperty: "reference")
      reason = try content.value(forProperty: "reason")
      referenceStatus = try content.value(forProperty: "referenceStatus")
    }
  }

  /// The most bags an output lists (about 100 tokens each), so that it fits a 4,096-token context
  /// beside the instructions whatever the cupboard holds; the totals count them all.
  public static let maximumBags = 12

  /// The cupboard listed: its first ``maximumBags`` bags, and the totals of all when some are left out.
  func listing(_ status: Output.Status, _ bags: [OwnedBag]) -> Output {
    var output = Output(status: status, bags: bags.prefix(Self.maximumBags).map { BagCard($0, data: data) })
    if bags.count > Self.maximumBags {
      // (Each bag holds at most 100 kg, so the sum of an array's worth cannot overflow.)
      (output.totalBags, output.totalGramsLeft) = (bags.count, bags.reduce(0) { $0 + $1.gramsLeft })
    }
    return output
  }

  public func call(arguments: Arguments) async throws -> Output {
    guard let bags = data.cupboard else {
      return Output(status: .cupboardUnavailable, reason: data.unavailable[.cupboard])
    }
    guard !bags.isEmpty else { return Output(status: .cupboardEmpty) }
    guard let wanted = arguments.bag?.lowercased(), !wanted.isEmpty else {
      return listing(arguments.action == .list || bags.count == 1 ? .ok : .noSuchBag, bags)
    }
    guard let bag = bags.first(where: { $0.name.lowercased() == wanted || $0.name.lowercased().contains(wanted) }) else {
      return listing(.noSuchBag, bags)
    }
    let reference = arguments.action == .compare ? data.bean(id: bag.beanId).map(BeanCard.init) : nil
    var output = Output(status: .ok, bags: [BagCard(bag, data: data)], reference: reference)
    if arguments.action == .compare, reference == nil { output.referenceStatus = "unavailable" }
    return output
  }
}
