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
    func read<Entry: Sendable>(
      _ source: MokaSource, _ entry: @escaping @Sendable (inout DataFileReader) throws(DataFileError) -> Entry
    ) -> [Entry]? {
      guard problems[source] == nil, let bytes = files[source] else {
        if problems[source] == nil { problems[source] = "\(source.rawValue) is missing" }
        return nil
      }
      do {
        return try DataFileReader.entries([UInt8](bytes), entry)
      } catch {
        problems[source] = "\(source.rawValue) is not valid moka data (byte \(error.offset): \(error.reason))"
        return nil
      }
    }
    var issues: [DataIssue] = []
    let beans = validated(
      read(.beans, Bean.init(reading:)) ?? [], .beans, name: \.name, issues: MokaDataRanges.issues, into: &issues)
    if problems[.beans] == nil, beans.isEmpty { problems[.beans] = "beans.json is empty" }
    let cupboard = read(.cupboard, OwnedBag.init(reading:)).map {
      validated($0, .cupboard, name: \.name, issues: MokaDataRanges.issues, into: &issues)
    }
    let cafes = validated(
      read(.cafes, Cafe.init(reading:)) ?? [], .cafes, name: \.name, issues: MokaDataRanges.issues, into: &issues)
    var data = MokaData(beans: beans, cupboard: cupboard, cafes: cafes, now: now)
    data.unavailable = problems
    data.issues = issues
    return data
  }

  /// The bean with `id`.
  public func bean(id: String) -> Bean? { beans.first { $0.id == id } }

  /// Days from an ISO date (`2026-11-02`) to ``now``, counted from its midnight in UTC.
  func days(since isoDate: String) -> Int? {
    guard let day = Self.civil(isoDate) else { return nil }
    let seconds = now.timeIntervalSince1970 - Double(day.days * 86_400)
    return Int(exactly: (seconds / 86_400).rounded(.towardZero))
  }

  /// Parses `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` as a UTC date (noon when no time is given); nil for
  /// anything else, out-of-range fields included (`2026-13-45` is not a date).
  public static func date(_ text: String) -> Date? {
    guard let day = civil(text) else { return nil }
    return Date(timeIntervalSince1970: Double(day.days * 86_400 + day.minutes * 60))
  }

  /// The year, the days from 1970-01-01 to the date (proleptic Gregorian) and the minutes into
  /// the day of `YYYY-MM-DD` (at 12:00) or `YYYY-MM-DDTHH:MM`.
  static func civil(_ text: String) -> (year: Int, days: Int, minutes: Int)? {
    let bytes = Array(text.utf8)
    guard bytes.count == 10 || bytes.count == 16, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes.count == 10 || (bytes[10] == UInt8(ascii: "T") && bytes[13] == UInt8(ascii: ":"))
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      range.reduce(Optional(0)) { value, at in
        guard let value, (0x30...0x39).contains(bytes[at]) else { return nil }
        return value * 10 + Int(bytes[at] - 0x30)
      }
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), (1...12).contains(month),
      let hour = bytes.count == 16 ? number(11..<13) : 12, let minute = bytes.count == 16 ? number(14..<16) : 0,
      hour <= 23, minute <= 59
    else { return nil }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...lengths[month - 1]).contains(day) else { return nil }
    // Days from the civil date (the algorithm counts years from March, so February ends a year).
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return (year, era * 146_097 + dayOfEra - 719_468, hour * 60 + minute)
  }
}
