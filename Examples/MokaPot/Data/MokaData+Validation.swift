import Foundation

/// An entry of a data file left out because a field is outside its documented range.
public struct DataIssue: Sendable, Equatable, CustomStringConvertible {
  /// The file.
  public var source: MokaSource
  /// The entry's position in the file (from 0) and its name, when it has one.
  public var entry: Int
  public var name: String?
  /// The field, the value found, and what it may be.
  public var field, value, allowed: String

  /// `cupboard.json entry 3 ("Kochere"): gramsLeft is 9223372036854775807, not 0...bagGrams`.
  public var description: String {
    "\(source.rawValue) entry \(entry)\(name.map { " (\"\($0)\")" } ?? ""): \(field) is \(value), not \(allowed)"
  }
}

/// The documented ranges of the data files' fields; an entry outside them is left out and
/// reported as a ``DataIssue``, so no value read from a file reaches the tools' arithmetic.
public enum MokaDataRanges {
  /// Grams a bag may hold (100 kg at most); grams left lie in `0...bagGrams`.
  public static let bagGrams = 1...100_000
  /// Body, acidity and sweetness scores.
  public static let score = 1...5
  /// Years a roast or opened date may fall in.
  public static let years = 2000...2100

  static func issues(_ bean: Bean) -> [(String, String, String)] {
    [("body", bean.body), ("acidity", bean.acidity), ("sweetness", bean.sweetness)].compactMap { field, value in
      score.contains(value) ? nil : (field, String(value), "\(score)")
    }
  }

  static func issues(_ bag: OwnedBag) -> [(String, String, String)] {
    var found: [(String, String, String)] = []
    if !bagGrams.contains(bag.bagGrams) { found.append(("bagGrams", String(bag.bagGrams), "\(bagGrams)")) }
    if !(0...max(bag.bagGrams, 0)).contains(bag.gramsLeft) {
      found.append(("gramsLeft", String(bag.gramsLeft), "0...bagGrams (\(bag.bagGrams))"))
    }
    let roasted = date(bag.roastDate)
    if roasted == nil { found.append(("roastDate", bag.roastDate, "a date YYYY-MM-DD in \(years)")) }
    if let opened = bag.openedDate {
      if let day = date(opened) {
        if let roasted, day < roasted { found.append(("openedDate", opened, "a date on or after roastDate")) }
      } else {
        found.append(("openedDate", opened, "a date YYYY-MM-DD in \(years)"))
      }
    }
    return found
  }

  static func issues(_ cafe: Cafe) -> [(String, String, String)] {
    var found: [(String, String, String)] = []
    if !(cafe.latitude.isFinite && abs(cafe.latitude) <= 90) {
      found.append(("latitude", "\(cafe.latitude)", "-90...90"))
    }
    if !(cafe.longitude.isFinite && abs(cafe.longitude) <= 180) {
      found.append(("longitude", "\(cafe.longitude)", "-180...180"))
    }
    if let zone = cafe.timeZone, !knownZones.contains(zone), TimeZone(identifier: zone) == nil {
      found.append(("timeZone", zone, "an IANA time zone such as Europe/Rome"))
    }
    for (day, range) in cafe.hours.sorted(by: { $0.key < $1.key }) {
      if !NearbyCafesTool.weekdays.contains(day) { found.append(("hours", day, "a day mon...sun")) }
      if range != "closed", hours(range) == nil {
        found.append(("hours.\(day)", range, "\"closed\" or HH:MM-HH:MM within 00:00...24:00"))
      }
    }
    return found
  }

  /// The IANA zone identifiers this system knows.
  static let knownZones = Set(TimeZone.knownTimeZoneIdentifiers)

  /// A range such as "08:30-12:30" as minutes since midnight, opening before closing; nil when
  /// it is not one.
  public static func hours(_ range: String) -> (opens: Int, closes: Int)? {
    var range = range
    return range.withUTF8 { bytes in
      guard bytes.count == 11, bytes[5] == UInt8(ascii: "-"), let opens = minutes(bytes, at: 0),
        let closes = minutes(bytes, at: 6), opens < closes
      else { return nil }
      return (opens, closes)
    }
  }

  /// The "HH:MM" at `start` as minutes since midnight (24:00 is the end of the day); nil for anything else.
  static func minutes(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
    func digit(_ offset: Int) -> Int? {
      let value = Int(bytes[start + offset]) - 0x30
      return (0...9).contains(value) ? value : nil
    }
    guard bytes[start + 2] == UInt8(ascii: ":"), let h1 = digit(0), let h2 = digit(1), let m1 = digit(3),
      let m2 = digit(4)
    else { return nil }
    let (hour, minute) = (h1 * 10 + h2, m1 * 10 + m2)
    guard minute <= 59, hour <= 23 || (hour == 24 && minute == 0) else { return nil }
    return hour * 60 + minute
  }

  /// A `YYYY-MM-DD` date within ``years``.
  static func date(_ text: String) -> Date? {
    guard text.utf8.count == 10, let day = MokaData.civil(text), years.contains(day.year) else { return nil }
    return Date(timeIntervalSince1970: Double(day.days * 86_400 + day.minutes * 60))
  }
}

extension MokaData {
  /// Keeps the entries whose fields are in range; reports the others.
  static func validated<Entry>(
    _ entries: [Entry], _ source: MokaSource, name: (Entry) -> String,
    issues: (Entry) -> [(String, String, String)], into report: inout [DataIssue]
  ) -> [Entry] {
    var kept: [Entry] = []
    kept.reserveCapacity(entries.count)
    for (index, entry) in entries.enumerated() {
      let found = issues(entry)
      if found.isEmpty {
        kept.append(entry)
      } else {
        report += found.map {
          DataIssue(source: source, entry: index, name: name(entry), field: $0.0, value: $0.1, allowed: $0.2)
        }
      }
    }
    return kept
  }
}
