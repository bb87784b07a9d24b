import Foundation
import RistrettoFixtures

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
  public var hours: [String: String]
  public var sells: [String]
}

/// The state of the bean index, to simulate failures.
public enum IndexHealth: String, Sendable, CaseIterable {
  /// Searchable.
  case ready
  /// Built from an old corpus: searches do not run.
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

  /// Loads the bundled fixtures, or the files in `directory` (`beans.json`, `cupboard.json`, `cafes.json`).
  public static func load(from directory: URL? = nil, now: Date = Date()) throws -> MokaData {
    func read<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
      let data = try directory.map { try Data(contentsOf: $0.appendingPathComponent(name)) } ?? BundledFixtures.data(name)
      return try JSONDecoder().decode(T.self, from: data)
    }
    return MokaData(
      beans: try read("beans.json", as: [Bean].self), cupboard: try read("cupboard.json", as: [OwnedBag].self),
      cafes: try read("cafes.json", as: [Cafe].self), now: now)
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

  /// Parses `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` as a UTC date.
  public static func date(_ text: String) -> Date? {
    let parts = text.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
    guard parts.count == 3 || parts.count == 5 else { return nil }
    return calendar.date(
      from: DateComponents(
        year: parts[0], month: parts[1], day: parts[2], hour: parts.count == 5 ? parts[3] : 12,
        minute: parts.count == 5 ? parts[4] : 0))
  }
}
