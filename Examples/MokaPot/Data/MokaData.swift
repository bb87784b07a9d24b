import Foundation

/// A bean of the reference corpus.
public struct Bean: Sendable, Codable, Equatable {
  public var id, name, country, region: String
  public var producer: String?
  public var variety, process, roast: String
  public var notes: [String]
  public var body, acidity, sweetness: Int
}

/// A bag the user owns.
public struct OwnedBag: Sendable, Codable, Equatable {
  public var name, beanId, roaster, roastDate: String
  public var openedDate: String?
  public var bagGrams, gramsLeft: Int
}

/// A cafe, roaster or shop.
public struct Cafe: Sendable, Codable, Equatable {
  public var name, kind: String
  public var latitude, longitude: Double
  public var address: String
  /// The IANA zone its opening hours are written in (UTC when absent).
  public var timeZone: String?
  public var hours: [String: String]
  public var sells: [String]
}

/// One of the assistant's data files.
public enum MokaSource: String, Sendable, CaseIterable {
  case beans = "beans.json", cupboard = "cupboard.json", cafes = "cafes.json"
}

/// The state of the bean index, to simulate failures.
public enum IndexHealth: String, Sendable, CaseIterable {
  /// Searchable.
  case ready
  /// Built from an old corpus: searches run, and their results are flagged as possibly out of date.
  case stale
  /// Not loaded: searches do not run.
  case unavailable
}

/// Everything the moka tools read: corpus, cupboard, cafes, and the simulated conditions.
public struct MokaData: Sendable {
  /// The reference corpus.
  public var beans: [Bean]
  /// The user's bags; nil when the cupboard store is unavailable.
  public var cupboard: [OwnedBag]?
  /// Cafes, roasters and shops.
  public var cafes: [Cafe]
  /// The index state.
  public var indexHealth: IndexHealth = .ready
  /// Where the user is, if known.
  public var location: (latitude: Double, longitude: Double)?
  /// "Now", for freshness and opening hours (injected for determinism).
  public var now: Date

  /// Why a data file could not be used (missing, unreadable, not valid, or empty), by file.
  /// Tools report such a source as unavailable, naming the file; the others keep working.
  public var unavailable: [MokaSource: String] = [:]

  /// The entries left out at load because a field was outside its range (``MokaDataRanges``),
  /// each with its file, entry and field. The rest of the file is used.
  public var issues: [DataIssue] = []

  /// Creates data from values.
  public init(
    beans: [Bean], cupboard: [OwnedBag]?, cafes: [Cafe], indexHealth: IndexHealth = .ready,
    location: (latitude: Double, longitude: Double)? = nil, now: Date
  ) {
    (self.beans, self.cupboard, self.cafes, self.indexHealth, self.location, self.now) =
      (beans, cupboard, cafes, indexHealth, location, now)
  }

  /// Decodes and validates the bytes of each file; a file named in `problems` is unavailable for
  /// that reason, and one absent from `files` as missing. An entry outside its range is left out and
  /// recorded in ``issues``; a file that does not decode is recorded in ``unavailable``.
  public static func decoding(
    _ files: [MokaSource: Data], problems: [MokaSource: String] = [:], now: Date
  ) -> MokaData {
    var problems = problems
    func read<T: Decodable>(_ source: MokaSource, as type: T.Type) -> T? {
      guard problems[source] == nil, let bytes = files[source] else {
        if problems[source] == nil { problems[source] = "\(source.rawValue) is missing" }
        return nil
      }
      do {
        return try JSONDecoder().decode(T.self, from: bytes)
      } catch {
        problems[source] = "\(source.rawValue) is not valid moka data"
        return nil
      }
    }
    var issues: [DataIssue] = []
    let beans = validated(
      read(.beans, as: [Bean].self) ?? [], .beans, name: \.name, issues: MokaDataRanges.issues, into: &issues)
    if problems[.beans] == nil, beans.isEmpty { problems[.beans] = "beans.json is empty" }
    let cupboard = read(.cupboard, as: [OwnedBag].self).map {
      validated($0, .cupboard, name: \.name, issues: MokaDataRanges.issues, into: &issues)
    }
    let cafes = validated(
      read(.cafes, as: [Cafe].self) ?? [], .cafes, name: \.name, issues: MokaDataRanges.issues, into: &issues)
    var data = MokaData(beans: beans, cupboard: cupboard, cafes: cafes, now: now)
    data.unavailable = problems
    data.issues = issues
    return data
  }

  /// The bean with `id`.
  public func bean(id: String) -> Bean? { beans.first { $0.id == id } }

  /// A calendar in UTC, so dates do not depend on the machine's zone.
  static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  /// Days from an ISO date (`2026-11-02`) to ``now``.
  func days(since isoDate: String) -> Int? {
    let parts = isoDate.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3,
      let date = Self.calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    else { return nil }
    return Self.calendar.dateComponents([.day], from: date, to: now).day
  }

  /// Parses `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` as a UTC date; nil for anything else, out-of-range
  /// fields included (`2026-13-45` is not a date).
  public static func date(_ text: String) -> Date? {
    let parts = text.split(separator: "T", omittingEmptySubsequences: false)
    guard parts.count <= 2 else { return nil }
    let day = parts[0].split(separator: "-", omittingEmptySubsequences: false)
    let time = parts.count == 2 ? parts[1].split(separator: ":", omittingEmptySubsequences: false) : ["12", "00"]
    guard day.count == 3, time.count == 2, day[0].count == 4, day[1].count == 2, day[2].count == 2,
      time.allSatisfy({ $0.count == 2 }), (day + time).allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    let numbers = (day + time).compactMap { Int($0) }
    guard numbers.count == 5 else { return nil }
    let components = DateComponents(
      year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4])
    guard let date = calendar.date(from: components) else { return nil }
    let back = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    guard back.year == numbers[0], back.month == numbers[1], back.day == numbers[2], back.hour == numbers[3],
      back.minute == numbers[4]
    else { return nil }
    return date
  }
}
