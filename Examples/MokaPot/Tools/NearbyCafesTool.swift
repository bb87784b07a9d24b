import Foundation
import Ristretto

/// Cafes, roasters and shops near the user, with distance and today's hours.
public struct NearbyCafesTool: Tool {
  public let name = "nearbyCafes"
  public let description = "Cafes, roasters and shops near the user."
  let data: MokaData

  public struct Arguments: GenerableObject {
    public enum Need: String, CaseIterable, Generable { case any, beans, espresso, gear }
    public var need: Need
    public var openNow: Bool
    public var limit: Int

    public static let properties = GenerableProperties<Arguments> {
      GenerableProperty("need", \.need)
      GenerableProperty("openNow", \.openNow)
      GenerableProperty("limit", \.limit, .range(1...5))
    }

    public init(_ content: GeneratedContent) throws {
      need = try content.value(forProperty: "need")
      openNow = try content.value(forProperty: "openNow")
      limit = try content.value(forProperty: "limit")
    }
  }

  /// A place as the tool reports it.
  public struct Place: GenerableObject {
    public var name, kind, address, hoursToday: String
    public var distanceKm: Double
    public var openNow: Bool

    public static let properties = GenerableProperties<Place> {
      GenerableProperty("name", \.name)
      GenerableProperty("kind", \.kind)
      GenerableProperty("address", \.address)
      GenerableProperty("hoursToday", \.hoursToday)
      GenerableProperty("distanceKm", \.distanceKm)
      GenerableProperty("openNow", \.openNow)
    }

    init(name: String, kind: String, address: String, hoursToday: String, distanceKm: Double, openNow: Bool) {
      (self.name, self.kind, self.address, self.hoursToday) = (name, kind, address, hoursToday)
      (self.distanceKm, self.openNow) = (distanceKm, openNow)
    }

    public init(_ content: GeneratedContent) throws {
      name = try content.value(forProperty: "name")
      kind = try content.value(forProperty: "kind")
      address = try content.value(forProperty: "address")
      hoursToday = try content.value(forProperty: "hoursToday")
      distanceKm = try content.value(forProperty: "distanceKm")
      openNow = try content.value(forProperty: "openNow")
    }
  }

  public struct Output: GenerableObject {
    public enum Status: String, CaseIterable, Generable { case ok, noneNearby, locationUnavailable }
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

  public func call(arguments: Arguments) async throws -> Output {
    guard let here = data.location else { return Output(status: .locationUnavailable) }
    let weekday = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"][MokaData.calendar.component(.weekday, from: data.now) - 1]
    let clock = MokaData.calendar.dateComponents([.hour, .minute], from: data.now)
    let minutes = (clock.hour ?? 0) * 60 + (clock.minute ?? 0)
    let places = data.cafes.compactMap { cafe -> Place? in
      let sells = cafe.sells.joined(separator: " ")
      switch arguments.need {
      case .beans where !sells.contains("beans") && cafe.kind != "roaster": return nil
      case .espresso where !sells.contains("espresso"): return nil
      case .gear where !Self.gearWords.contains(where: sells.contains): return nil
      default: break
      }
      let hours = cafe.hours[weekday] ?? "closed"
      let open = Self.isOpen(hours, at: minutes)
      if arguments.openNow && !open { return nil }
      let distance = Self.distanceKm(here, (cafe.latitude, cafe.longitude))
      guard distance <= 25 else { return nil }
      return Place(
        name: cafe.name, kind: cafe.kind, address: cafe.address, hoursToday: hours, distanceKm: (distance * 10).rounded() / 10,
        openNow: open)
    }
    let nearest = places.sorted { ($0.distanceKm, $0.name) < ($1.distanceKm, $1.name) }.prefix(arguments.limit)
    return nearest.isEmpty ? Output(status: .noneNearby) : Output(status: .ok, places: Array(nearest))
  }

  static func isOpen(_ hours: String, at minutes: Int) -> Bool {
    let parts = hours.split(whereSeparator: { $0 == "-" || $0 == ":" }).compactMap { Int($0) }
    guard parts.count == 4 else { return false }
    return minutes >= parts[0] * 60 + parts[1] && minutes < parts[2] * 60 + parts[3]
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
