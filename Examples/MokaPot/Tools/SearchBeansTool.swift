import Ristretto

/// Searches the reference bean corpus.
public struct SearchBeansTool: Tool {
  public let name = "searchBeans"
  public let description = "Search the reference bean corpus."
  let data: MokaData

  public struct Arguments: GenerableObject {
    public enum Roast: String, CaseIterable, Generable { case light, medium, dark }
    public enum Process: String, CaseIterable, Generable { case washed, natural, honey, anaerobic, wetHulled, semiWashed }
    public enum Preference: String, CaseIterable, Generable { case lowAcidity, highAcidity, fullBody, sweet }
    /// Robusta matches every bean with robusta in it, blends included; arabica, the beans without.
    public enum Species: String, CaseIterable, Generable { case arabica, robusta }
    public var origin: String?
    public var roast: Roast?
    public var process: Process?
    public var notes: [String]
    public var decaf: Bool?
    public var species: Species?
    public var prefer: Preference?
    public var limit: Int

    public static let properties = GenerableProperties<Arguments> {
      GenerableProperty("origin", \.origin, description: "country or region")
      GenerableProperty("roast", \.roast)
      GenerableProperty("process", \.process)
      GenerableProperty("notes", \.notes, description: "tasting notes", .maximumCount(3))
      GenerableProperty("decaf", \.decaf)
      GenerableProperty("species", \.species)
      GenerableProperty("prefer", \.prefer)
      GenerableProperty("limit", \.limit, .range(1...5))
    }

    public init(_ content: GeneratedContent) throws {
      origin = try content.value(forProperty: "origin")
      roast = try content.value(forProperty: "roast")
      process = try content.value(forProperty: "process")
      notes = (try? content.value(forProperty: "notes")) ?? []
      decaf = try content.value(forProperty: "decaf")
      species = try? content.value(forProperty: "species")
      prefer = try content.value(forProperty: "prefer")
      // (Outside its schema's range, as a direct call may pass it, the nearest bound.)
      limit = min(max(try content.value(forProperty: "limit") as Int, 1), 5)
    }
  }

  public struct Output: GenerableObject {
    public enum Status: String, CaseIterable, Generable { case ok, noMatchesInIndex, indexUnavailable, indexStale }
    public var status: Status
    public var beans: [BeanCard]
    /// With no matches: the filters that match no bean of the corpus even on their own ("origin Australia").
    public var unmatchedFilters: [String]
    /// When the index is unavailable: why, naming the data file.
    public var reason: String?
    /// With no matches for all the filters together (each matching some bean alone): the filter
    /// left out to find the nearest beans, which `beans` then lists ("dark roast" for a dark decaf).
    public var relaxedFilters: [String]

    public static let properties = GenerableProperties<Output> {
      GenerableProperty("status", \.status)
      GenerableProperty("beans", \.beans)
      GenerableProperty("unmatchedFilters", \.unmatchedFilters)
      GenerableProperty("reason", \.reason)
      GenerableProperty("relaxedFilters", \.relaxedFilters)
    }

    init(
      status: Status, beans: [BeanCard] = [], unmatchedFilters: [String] = [], reason: String? = nil,
      relaxedFilters: [String] = []
    ) {
      (self.status, self.beans, self.unmatchedFilters, self.reason) = (status, beans, unmatchedFilters, reason)
      self.relaxedFilters = relaxedFilters
    }

    public init(_ content: GeneratedContent) throws {
      status = try content.value(forProperty: "status")
      beans = try content.value(forProperty: "beans")
      unmatchedFilters = try content.value(forProperty: "unmatchedFilters")
      reason = try content.value(forProperty: "reason")
      relaxedFilters = (try? content.value(forProperty: "relaxedFilters")) ?? []
    }
  }

  public func call(arguments: Arguments) async throws -> Output {
    if let reason = data.unavailable[.beans] { return Output(status: .indexUnavailable, reason: reason) }
    // A stale index is searched all the same: its results may be out of date, and the status says so.
    if data.indexHealth == .unavailable { return Output(status: .indexUnavailable) }
    let stale = data.indexHealth == .stale
    let filters = Self.filters(arguments)
    var matches = data.beans.filter { bean in filters.allSatisfy { $0.test(bean) } }
    switch arguments.prefer {
    case .lowAcidity?: matches.sort { ($0.acidity, -$0.body) < ($1.acidity, -$1.body) }
    case .highAcidity?: matches.sort { $0.acidity > $1.acidity }
    case .fullBody?: matches.sort { $0.body > $1.body }
    case .sweet?: matches.sort { $0.sweetness > $1.sweetness }
    case nil: break
    }
    guard !matches.isEmpty else {
      let unmatched = filters.filter { filter in !data.beans.contains(where: filter.test) }.map(\.label)
      // Every filter matches some bean alone: the nearest beans leave out one filter, the roast
      // first and decaf never ("a dark decaf": the decaf, whatever its roast).
      var relaxed: (label: String, beans: [Bean])?
      if unmatched.isEmpty, filters.count > 1 {
        for dropped in filters.sorted(by: { Self.relaxOrder($0.label) < Self.relaxOrder($1.label) })
        where dropped.label != "decaf" {
          let rest = filters.filter { $0.label != dropped.label }
          let found = data.beans.filter { bean in rest.allSatisfy { $0.test(bean) } }
          if !found.isEmpty {
            relaxed = (dropped.label, found)
            break
          }
        }
      }
      let nearest = (relaxed?.beans ?? []).prefix(max(arguments.limit, 0))
      return Output(
        status: stale ? .indexStale : .noMatchesInIndex, beans: nearest.map(BeanCard.init),
        unmatchedFilters: unmatched, relaxedFilters: relaxed.map { [$0.label] } ?? [])
    }
    return Output(status: stale ? .indexStale : .ok, beans: matches.prefix(max(arguments.limit, 0)).map(BeanCard.init))
  }

  /// The coffee-growing countries of each continent an origin may name ("africa").
  static let continents: [String: Set<String>] = [
    "africa": [
      "Ethiopia", "Kenya", "Rwanda", "Burundi", "Uganda", "Tanzania", "DR Congo", "Malawi", "Zambia", "Zimbabwe", "Cameroon",
      "Madagascar",
    ],
    "central america": ["Guatemala", "Honduras", "Costa Rica", "El Salvador", "Nicaragua", "Panama", "Mexico"],
    "south america": ["Colombia", "Brazil", "Peru", "Bolivia", "Ecuador", "Venezuela"],
    "caribbean": ["Jamaica", "Cuba", "Dominican Republic", "Puerto Rico", "Haiti"],
    "asia": [
      "Indonesia", "India", "Vietnam", "China", "Yemen", "Papua New Guinea", "Thailand", "Laos", "Myanmar", "Philippines",
    ],
  ]

  /// Which filter to leave out first when all together match nothing: roast, then notes, then
  /// process, then origin.
  static func relaxOrder(_ label: String) -> Int {
    if label.hasSuffix(" roast") { return 0 }
    if label.hasSuffix(" notes") { return 1 }
    if label.hasSuffix(" process") { return 2 }
    return 3
  }

  /// One constraint of a search, with the words an answer uses for it.
  struct Filter {
    let label: String
    let test: (Bean) -> Bool
  }

  static func filters(_ arguments: Arguments) -> [Filter] {
    var filters: [Filter] = []
    if let origin = arguments.origin?.lowercased(), !origin.isEmpty {
      filters.append(
        Filter(label: "origin \(arguments.origin ?? origin)") { bean in
          // A blend is from no one country: a country asked for means its single origins.
          let blend = TextSearch.containsIgnoringCase(bean.country, "blend")
          if let countries = Self.continents[origin] { return countries.contains(bean.country) }
          if blend && !TextSearch.contains(origin, "blend") { return TextSearch.containsIgnoringCase(bean.name, origin) }
          return TextSearch.containsIgnoringCase(bean.country, origin) || TextSearch.containsIgnoringCase(bean.region, origin)
            || TextSearch.containsIgnoringCase(bean.name, origin)
        })
    }
    if let roast = arguments.roast { filters.append(Filter(label: "\(roast.rawValue) roast") { $0.roast == roast.rawValue }) }
    if let process = arguments.process {
      let name = [.wetHulled: "wet-hulled", .semiWashed: "semi-washed"][process] ?? process.rawValue
      filters.append(Filter(label: "\(name) process") { $0.process == name })
    }
    for note in arguments.notes.map({ $0.lowercased() }) where !note.isEmpty {
      let family = FlavourFamily.members(of: note)
      filters.append(
        Filter(label: "\(note) notes") { bean in
          bean.notes.contains { tasted in family.contains { TextSearch.contains(tasted, $0) } }
        })
    }
    if arguments.decaf == true {
      filters.append(
        Filter(label: "decaf") { bean in
          [bean.name, bean.variety, bean.process].contains { TextSearch.containsIgnoringCase($0, "decaf") }
        })
    }
    if let species = arguments.species {
      filters.append(
        Filter(label: species.rawValue) { bean in
          TextSearch.containsIgnoringCase(bean.variety, "robusta") == (species == .robusta)
        })
    }
    return filters
  }
}

/// Tasting-note families of the coffee flavour wheel: a search for "nut" finds "hazelnut" and
/// "almond", one for "fruit" finds berries, stone fruit and citrus.
enum FlavourFamily {
  static let families: [String: [String]] = [
    "chocolate": ["chocolate", "cocoa", "cacao"],
    "nut": ["nut", "hazelnut", "almond", "walnut", "peanut", "macadamia", "pecan"],
    "berry": ["berry", "berries", "blueberry", "strawberry", "raspberry", "blackberry", "blackcurrant", "cranberry", "currant"],
    "citrus": ["citrus", "lemon", "lime", "orange", "grapefruit", "bergamot", "mandarin", "tangerine"],
    "floral": ["floral", "jasmine", "rose", "hibiscus", "blossom", "lavender"],
    "caramel": ["caramel", "toffee", "brown sugar", "molasses", "panela"],
    "sugar": ["sugar", "honey", "molasses", "panela", "caramel", "toffee"],
    "spice": ["spice", "cinnamon", "cardamom", "clove", "nutmeg", "licorice"],
    "earthy": ["earthy", "cedar", "wood", "tobacco", "herbal"],
    "wine": ["wine", "grape", "rum"],
    "tropical": ["tropical", "mango", "pineapple", "passion fruit", "lychee"],
    "stone fruit": ["peach", "apricot", "plum", "cherry"],
    "smoke": ["smoke", "smoky"],
  ]

  static let fruit = ["fruit", "apple", "cherry", "plum", "peach", "apricot", "fig", "raisin", "grape", "lychee", "mango"]

  /// The notes a search for `note` matches: its family, every fruit for "fruit", or the word itself.
  static func members(of note: String) -> [String] {
    if note == "fruit" || note == "fruity" {
      return fruit + (families["berry"] ?? []) + (families["citrus"] ?? []) + (families["tropical"] ?? [])
    }
    return families[note] ?? [note]
  }
}
