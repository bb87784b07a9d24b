import Foundation

/// Each entry of the data files read field by field with a ``DataFileReader``; every field is
/// required except those the types declare optional, and a field of the wrong type is an error.
extension Bean {
  init(reading reader: inout DataFileReader) throws(DataFileError) {
    // (Plain variables, not a dictionary per entry: hashing set-up dominates a small dictionary.)
    var id, name, country, region, producer, variety, process, roast: String?
    var notes: [String]?
    var body, acidity, sweetness: Int?
    try reader.object { (reader: inout DataFileReader, key: String) throws(DataFileError) in
      switch key {
      case "id": id = try reader.string()
      case "name": name = try reader.string()
      case "country": country = try reader.string()
      case "region": region = try reader.string()
      case "producer": producer = try reader.optionalString()
      case "variety": variety = try reader.string()
      case "process": process = try reader.string()
      case "roast": roast = try reader.string()
      case "notes": notes = try reader.strings()
      case "body": body = try reader.integer()
      case "acidity": acidity = try reader.integer()
      case "sweetness": sweetness = try reader.integer()
      default: try reader.skipValue()
      }
    }
    let entry = "a bean"
    self.init(
      id: try reader.field(id, "id", of: entry), name: try reader.field(name, "name", of: entry),
      country: try reader.field(country, "country", of: entry), region: try reader.field(region, "region", of: entry),
      producer: producer, variety: try reader.field(variety, "variety", of: entry),
      process: try reader.field(process, "process", of: entry), roast: try reader.field(roast, "roast", of: entry),
      notes: try reader.field(notes, "notes", of: entry), body: try reader.field(body, "body", of: entry),
      acidity: try reader.field(acidity, "acidity", of: entry),
      sweetness: try reader.field(sweetness, "sweetness", of: entry))
  }
}

extension OwnedBag {
  init(reading reader: inout DataFileReader) throws(DataFileError) {
    var name, beanId, roaster, roastDate, openedDate: String?
    var bagGrams, gramsLeft: Int?
    try reader.object { (reader: inout DataFileReader, key: String) throws(DataFileError) in
      switch key {
      case "name": name = try reader.string()
      case "beanId": beanId = try reader.string()
      case "roaster": roaster = try reader.string()
      case "roastDate": roastDate = try reader.string()
      case "openedDate": openedDate = try reader.optionalString()
      case "bagGrams": bagGrams = try reader.integer()
      case "gramsLeft": gramsLeft = try reader.integer()
      default: try reader.skipValue()
      }
    }
    let entry = "a bag"
    self.init(
      name: try reader.field(name, "name", of: entry), beanId: try reader.field(beanId, "beanId", of: entry),
      roaster: try reader.field(roaster, "roaster", of: entry),
      roastDate: try reader.field(roastDate, "roastDate", of: entry), openedDate: openedDate,
      bagGrams: try reader.field(bagGrams, "bagGrams", of: entry),
      gramsLeft: try reader.field(gramsLeft, "gramsLeft", of: entry))
  }
}

extension Cafe {
  init(reading reader: inout DataFileReader) throws(DataFileError) {
    var name, kind, address, timeZone: String?
    var latitude, longitude: Double?
    var hours: [String: String]?
    var sells: [String]?
    try reader.object { (reader: inout DataFileReader, key: String) throws(DataFileError) in
      switch key {
      case "name": name = try reader.string()
      case "kind": kind = try reader.string()
      case "address": address = try reader.string()
      case "timeZone": timeZone = try reader.optionalString()
      case "latitude": latitude = try reader.number()
      case "longitude": longitude = try reader.number()
      case "hours": hours = try reader.stringsByKey()
      case "sells": sells = try reader.strings()
      default: try reader.skipValue()
      }
    }
    let entry = "a place"
    self.init(
      name: try reader.field(name, "name", of: entry), kind: try reader.field(kind, "kind", of: entry),
      latitude: try reader.field(latitude, "latitude", of: entry),
      longitude: try reader.field(longitude, "longitude", of: entry),
      address: try reader.field(address, "address", of: entry), timeZone: timeZone,
      hours: try reader.field(hours, "hours", of: entry), sells: try reader.field(sells, "sells", of: entry))
  }
}

extension DataFileReader {
  /// A required field's value, or an error naming it.
  func field<Value>(_ value: Value?, _ name: String, of entry: String) throws(DataFileError) -> Value {
    guard let value else { throw fail("\(entry) without \(name)") }
    return value
  }

  /// Reads a data file: an array of entries, each read by `entry`. A file of a megabyte or more
  /// is read in parts on every core (``inParts(_:_:parts:)``).
  static func entries<Entry: Sendable>(
    _ bytes: [UInt8], _ entry: @escaping @Sendable (inout DataFileReader) throws(DataFileError) -> Entry
  ) throws(DataFileError) -> [Entry] {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    if bytes.count >= 1 << 20, cores > 1, let entries = inParts(bytes, entry, parts: cores) { return entries }
    var reader = DataFileReader(bytes)
    return try reader.document { (reader: inout DataFileReader) throws(DataFileError) in
      var entries: [Entry] = []
      try reader.array { (reader: inout DataFileReader) throws(DataFileError) in entries.append(try entry(&reader)) }
      return entries
    }
  }
}
