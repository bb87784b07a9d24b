import Foundation
import Ristretto

/// Cafes, roasters and shops near the user, with distance, today's hours, and the hours of a day
/// and whether each is open at a time, when asked.
public struct NearbyCafesTool: Tool {
  public let name = "nearbyCafes"
  public let description = "Cafes, roasters and shops near the user; hours on a day and at a time when asked."
  let data: MokaData

  public struct Arguments: GenerableObject {
    public enum Need: String, CaseIterable, Generable { case any, beans, espresso, gear }
    /// A kind of place, when only one kind is wanted ("the nearest roaster").
    public enum Kind: String, CaseIterable, Generable { case cafe, roaster, shop }
    public var need: Need
    public var kind: Kind?
    /// The piece of gear asked for ("gaskets"), matched against what each place sells.
    public var item: String?
    public var openNow: Bool
    public var limit: Int
    /// A day whose hours are asked ("on Saturday"), in each place's own time zone.
    public var day: Day?
    /// A time of that day (today when no day is given) asked about, as `HH:MM`.
    public var time: String?

    public static let properties = GenerableProperties<Arguments> {
      GenerableProperty("need", \.need)
      GenerableProperty("kind", \.kind)
      GenerableProperty("item", \.item, description: "gear item")
      GenerableProperty("openNow", \.openNow)
      GenerableProperty("limit", \.limit, .range(1...5))
      GenerableProperty("day", \.day, description: "day asked about")
      GenerableProperty("time", \.time, description: "time asked about, HH:MM", .pattern("([01][0-9]|2[0-3]):[0-5][0-9]"))
    }

    public init(_ content: GeneratedContent) throws {
      need = try content.value(forProperty: "need")
      kind = try content.value(forProperty: "kind")
      item = try content.value(forProperty: "item")
      openNow = try content.value(forProperty: "openNow")
      day = try content.value(forProperty: "day")
      time = try content.value(forProperty: "time")
      // (Outside its schema's range, as a direct call may pass it, the nearest bound.)
      limit = min(max(try content.value(forProperty: "limit") as Int, 1), 5)
    }
  }

  /// A day of the week, or today or tomorrow where the place is.
  public enum Day: String, CaseIterable, Generable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday, today, tomorrow
  }

  /// A place as the tool reports it.
  public struct Place: GenerableObject {
    public var name, kind, address, hoursToday: String
    public var distanceKm: Double
    public var openNow: Bool
    /// When a place that is closed now opens next ("today 15:00-19:00", "tomorrow, Monday,
    /// 08:30-12:30"); nil when it is open now or has no hours in the coming week.
    public var nextOpening: String?
    /// What the place sells, as its entry lists it ("beans", "gaskets", "brewing classes").
    public var sells: [String]
    /// The day asked about, by name ("Saturday"), and the place's hours that day ("closed" when
    /// it does not open); nil when no day or time was asked.
    public var day, hoursOnDay: String?
    /// The time asked about (`HH:MM`), and whether the place is open then on the day asked; nil
    /// when no time was asked.
    public var time: String?
    public var openAtTime: Bool?

    public static let properties = GenerableProperties<Place> {
      GenerableProperty("name", \.name)
      GenerableProperty("kind", \.kind)
      GenerableProperty("address", \.address)
      GenerableProperty("hoursToday", \.hoursToday)
      GenerableProperty("distanceKm", \.distanceKm)
      GenerableProperty("openNow", \.openNow)
      GenerableProperty("nextOpening", \.nextOpening)
      GenerableProperty("sells", \.sells)
      GenerableProperty("day", \.day)
      GenerableProperty("hoursOnDay", \.hoursOnDay)
      GenerableProperty("time", \.time)
      GenerableProperty("openAtTime", \.openAtTime)
    }

    init(
      name: String, kind: String, address: String, hoursToday: String, distanceKm: Double, openNow: Bool,
      nextOpening: String? = nil, sells: [String] = []
    ) {
      (self.name, self.kind, self.address, self.hoursToday) = (name, kind, address, hoursToday)
      (self.distanceKm, self.openNow, self.nextOpening, self.sells) = (distanceKm, openNow, nextOpening, sells)
    }

    public init(_ content: GeneratedContent) throws {
      name = try content.value(forProperty: "name")
      kind = try content.value(forProperty: "kind")
      address = try content.value(forProperty: "address")
      hoursToday = try content.value(forProperty: "hoursToday")
      distanceKm = try content.value(forProperty: "distanceKm")
      openNow = try content.value(forProperty: "openNow")
      nextOpening = try content.value(forProperty: "nextOpening")
      sells = (try? content.value(forProperty: "sells")) ?? []
      day = try content.value(forProperty: "day")
      hoursOnDay = try content.value(forProperty: "hoursOnDay")
      time = try content.value(forProperty: "time")
      openAtTime = try content.value(forProperty: "openAtTime")
    }
  }

  public struct Output: GenerableObject {
    public enum Status: String, CaseIterable, Generable {
      case ok, noneNearby, noneOpenNow, locationUnavailable, placesUnavailable
    }
    public var status: Status
    public var places: [Place]
    public static let properties = GenerableProperties<Output> {
      GenerableProperty("status", \.status)
      GenerableProperty("places", \.places)
    }
    init(status: Status, places: [Place] = []) { (self.status, self.places) = (status, places) }
    public init(_ content: GeneratedContent) throws {
      status = try content.value(forProperty: "status")
      places = try content.value(forProperty: "places")
    }
  }

  static let gearWords = ["moka", "grinder", "gasket", "handle", "valve", "plate", "adapter", "kettle", "scale", "burr", "cups"]

  /// A distance as the answer gives it: to 10 m under 1 km (a 60 m walk is not "0.1 km"), else to 100 m.
  static func rounded(_ kilometres: Double) -> Double {
    kilometres < 1 ? (kilometres * 100).rounded() / 100 : (kilometres * 10).rounded() / 10
  }

  /// Whether `cafe` sells `item` (lowercased, singular), or else what `need` asks: beans (any
  /// roaster sells them), espresso, or moka gear.
  static func sells(_ cafe: Cafe, item: String?, need: Arguments.Need) -> Bool {
    // (Nothing asked of what it sells: no list lowercased, once per place of a big file.)
    if item == nil, need == .any { return true }
    // (The words asked are lower case: each item is compared ignoring case, never lower-cased.)
    let sells = cafe.sells
    if let item { return sells.contains { TextSearch.containsIgnoringCase($0, item) } }
    switch need {
    case .beans: return cafe.kind == "roaster" || sells.contains { TextSearch.containsIgnoringCase($0, "beans") }
    case .espresso: return sells.contains { $0.lowercased() == "espresso" }
    case .gear: return gearWords.contains { word in sells.contains { TextSearch.containsIgnoringCase($0, word) } }
    case .any: return true
    }
  }

  public func call(arguments: Arguments) async throws -> Output {
    guard data.unavailable[.cafes] == nil else { return Output(status: .placesUnavailable) }
    guard let here = data.location else { return Output(status: .locationUnavailable) }
    let item = arguments.item.map { Self.singular($0.lowercased()) }.flatMap { $0.isEmpty ? nil : $0 }
    // (A time that is no time of day asks nothing: "25:00" is read as no time.)
    let time = arguments.time.flatMap(Self.minutes(of:))
    // (Each time zone's local time is computed once per call, not once per place.)
    var localTimes: [String: (weekday: String, minutes: Int)] = [:]
    // Every place that matches, light: only the few reported are built in full.
    var matches: [Match] = []
    for (index, cafe) in data.cafes.enumerated() {
      if let kind = arguments.kind, cafe.kind != kind.rawValue { continue }
      guard Self.sells(cafe, item: item, need: arguments.need) else { continue }
      let distance = Self.distanceKm(here, (cafe.latitude, cafe.longitude))
      guard distance <= 25 else { continue }
      let zone = cafe.timeZone ?? ""
      let local = localTimes[zone] ?? Self.localTime(data.now, in: cafe.timeZone)
      localTimes[zone] = local
      let open = Self.isOpen(cafe.hours[local.weekday] ?? "closed", at: local.minutes)
      matches.append(Match(cafe: index, distanceKm: Self.rounded(distance), openNow: open, local: local))
    }
    let limit = max(arguments.limit, 0)
    let isNearer = { (a: Match, b: Match) in
      (a.distanceKm, data.cafes[a.cafe].name, a.cafe) < (b.distanceKm, data.cafes[b.cafe].name, b.cafe)
    }
    let places = { (chosen: [Match]) in chosen.map { place($0, arguments: arguments, time: time) } }
    let open = arguments.openNow ? matches.filter(\.openNow) : matches
    if open.isEmpty, !matches.isEmpty {
      // Places match but none is open: say so, with the nearest and its hours, rather than "none nearby".
      return Output(status: .noneOpenNow, places: places(Self.first(limit, of: matches, by: isNearer)))
    }
    let wanted = Self.first(limit, of: open, by: isNearer)
    return wanted.isEmpty ? Output(status: .noneNearby) : Output(status: .ok, places: places(wanted))
  }

  /// A place that matches a search: its index in the data, how far it is, whether it is open now
  /// and the local time where it is.
  struct Match {
    var cafe: Int
    var distanceKm: Double
    var openNow: Bool
    var local: (weekday: String, minutes: Int)
  }

  /// The place `match` names, as the tool reports it, with the hours of the day and time asked.
  private func place(_ match: Match, arguments: Arguments, time: Int?) -> Place {
    let cafe = data.cafes[match.cafe]
    let (weekday, minutes) = match.local
    var place = Place(
      name: cafe.name, kind: cafe.kind, address: cafe.address, hoursToday: cafe.hours[weekday] ?? "closed",
      distanceKm: match.distanceKm, openNow: match.openNow,
      nextOpening: match.openNow ? nil : Self.nextOpening(cafe.hours, weekday: weekday, minutes: minutes),
      sells: cafe.sells)
    if arguments.day != nil || time != nil {
      let asked = Self.weekday(arguments.day ?? .today, today: weekday)
      place.day = Self.weekdayNames[asked]
      place.hoursOnDay = cafe.hours[Self.weekdays[asked]] ?? "closed"
      place.time = time.map { _ in arguments.time ?? "" }
      place.openAtTime = time.map { Self.isOpen(place.hoursOnDay ?? "", at: $0) }
    }
    return place
  }

  /// The first `count` of `items` in the order `isBefore` gives (a strict total order), found in
  /// one pass that keeps the best so far: a search over 100,000 places sorts five, not all.
  static func first<T>(_ count: Int, of items: [T], by isBefore: (T, T) -> Bool) -> [T] {
    guard count > 0 else { return [] }
    var best: [T] = []
    best.reserveCapacity(count + 1)
    for item in items where best.count < count || isBefore(item, best[best.count - 1]) {
      let at = best.firstIndex { isBefore(item, $0) } ?? best.count
      best.insert(item, at: at)
      if best.count > count { best.removeLast() }
    }
    return best
  }

  /// The weekday (`mon`…`sun`) and minutes since midnight at `date` in the zone `identifier` (UTC if unknown).
  static func localTime(_ date: Date, in identifier: String?) -> (weekday: String, minutes: Int) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = identifier.flatMap(TimeZone.init(identifier:)) ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
    let weekday = weekdays[((parts.weekday ?? 1) - 1 + 7) % 7]
    return (weekday, (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
  }

  /// The index in ``weekdays`` of `day`, where today is `today` (`mon`…`sun`).
  static func weekday(_ day: Day, today: String) -> Int {
    let now = weekdays.firstIndex(of: today) ?? 0
    switch day {
    case .today: return now
    case .tomorrow: return (now + 1) % 7
    default: return weekdayNames.firstIndex { $0.lowercased() == day.rawValue } ?? now
    }
  }

  /// Minutes since midnight of a time written `HH:MM`, or nil when it is no time of day.
  static func minutes(of time: String) -> Int? {
    let parts = time.split(separator: ":", omittingEmptySubsequences: false)
    let digits = parts.allSatisfy { (1...2).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    guard parts.count == 2, digits, let hour = Int(parts[0]),
      let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
    else { return nil }
    return hour * 60 + minute
  }

  static let weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
  static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

  /// When a place closed at `minutes` of `weekday` opens next, within a week: "today 15:00-19:00",
  /// "tomorrow, Monday, 08:30-12:30" or "Wednesday 08:30-12:30".
  static func nextOpening(_ hours: [String: String], weekday: String, minutes: Int) -> String? {
    guard let today = weekdays.firstIndex(of: weekday) else { return nil }
    if let range = hours[weekday], let opens = opening(range), minutes < opens { return "today " + range }
    for offset in 1...7 {
      let day = (today + offset) % 7
      guard let range = hours[weekdays[day]], opening(range) != nil else { continue }
      return offset == 1 ? "tomorrow, \(weekdayNames[day]), \(range)" : "\(weekdayNames[day]) \(range)"
    }
    return nil
  }

  /// The minute of the day a range such as "08:30-12:30" opens, or nil for "closed".
  static func opening(_ hours: String) -> Int? { MokaDataRanges.hours(hours)?.opens }

  static func singular(_ word: String) -> String {
    word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : word
  }

  static func isOpen(_ hours: String, at minutes: Int) -> Bool {
    guard let range = MokaDataRanges.hours(hours) else { return false }
    return minutes >= range.opens && minutes < range.closes
  }

  /// Great-circle distance in kilometres.
  static func distanceKm(_ a: (latitude: Double, longitude: Double), _ b: (Double, Double)) -> Double {
    let radians = Double.pi / 180
    let dLat = (b.0 - a.latitude) * radians
    let dLon = (b.1 - a.longitude) * radians
    let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * radians) * cos(b.0 * radians) * sin(dLon / 2) * sin(dLon / 2)
    return 6371 * 2 * atan2(sqrt(h), sqrt(1 - h))
  }
}
