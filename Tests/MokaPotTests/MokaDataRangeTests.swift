import Foundation
import Ristretto
import Testing

@testable import MokaPot

/// Every field of the data files at its extremes: the entry is left out and named (file, entry,
/// field), the rest of the file is used, and every tool and the rules answer without a trap.
@Suite("moka data: values out of range")
struct MokaDataRangeTests {
  /// The bundled files with extreme values written into some entries; returns their folder.
  static func extremeData() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moka-extremes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/moka")
    func edit(_ name: String, _ change: (inout [[String: Any]]) -> Void) throws {
      let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
      var entries = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
      change(&entries)
      try JSONSerialization.data(withJSONObject: entries).write(to: folder.appendingPathComponent(name))
    }
    try edit("cupboard.json") { bags in
      bags[0]["gramsLeft"] = Int.max
      bags[1]["roastDate"] = "9999-01-01"
      bags[2]["gramsLeft"] = -5
      bags[3]["bagGrams"] = 100_000_000_000_000_000
      bags[4]["openedDate"] = "2000-01-01"
    }
    try edit("cafes.json") { cafes in
      cafes[0]["hours"] = ["sun": "153722867280912931:00-23:00"]
      cafes[1]["latitude"] = 1e308
      cafes[2]["longitude"] = -181
      cafes[3]["hours"] = ["mon": "20:00-08:00"]
      cafes[4]["timeZone"] = "Mars/Olympus"
    }
    try edit("beans.json") { beans in
      beans[0]["body"] = Int.min
      beans[1]["acidity"] = 6
    }
    return folder
  }

  @Test func eachEntryOutOfRangeIsReportedWithItsFileEntryAndField() throws {
    let data = MokaData.load(from: try Self.extremeData(), now: MokaFixtures.now)
    let found = Set(data.issues.map { "\($0.source.rawValue)#\($0.entry).\($0.field)" })
    #expect(
      found == [
        "cupboard.json#0.gramsLeft", "cupboard.json#1.roastDate", "cupboard.json#2.gramsLeft", "cupboard.json#3.bagGrams",
        "cupboard.json#4.openedDate", "cafes.json#0.hours.sun", "cafes.json#1.latitude",
        "cafes.json#2.longitude", "cafes.json#3.hours.mon", "cafes.json#4.timeZone", "beans.json#0.body",
        "beans.json#1.acidity",
      ])
    let bundled = MokaData.load(now: MokaFixtures.now)
    #expect(bundled.issues.isEmpty)
    #expect(data.cupboard?.count == (bundled.cupboard?.count ?? 0) - 5)
    #expect(data.cafes.count == bundled.cafes.count - 5)
    #expect(data.beans.count == bundled.beans.count - 2)
  }

  @Test(arguments: [
    "how much coffee do I have left in total?", "which bag is the oldest?", "how many brews are left in my bags?",
    "which cafes are open near me now?", "is any roaster open on sunday?", "what light roasts do you have?",
    "compare my Kochere with its reference bean", "which bag should I finish first?",
  ])
  func everyToolAnswersOnWhatIsLeft(_ question: String) async throws {
    var data = MokaData.load(from: try Self.extremeData(), now: MokaFixtures.now)
    data.location = (latitude: 45.0703, longitude: 7.6869)
    let assistant = MokaAssistant(data: data)
    let reply = try await assistant.chat(model: try assistant.rulesModel).send(question)
    #expect(!reply.response.content.isEmpty)
    #expect(!reply.response.content.contains("9223372036854775807"))
  }

  @Test(arguments: ["07:00-20:00", "00:00-24:00"])
  func validHoursRead(_ range: String) { #expect(MokaDataRanges.hours(range) != nil) }

  @Test(arguments: ["24:01-25:00", "7:00-20:00", "20:00-08:00", "99999999999999999999:00-23:00", "+1:00-02:00", "closed", ""])
  func invalidHoursAreRefused(_ range: String) { #expect(MokaDataRanges.hours(range) == nil) }

  /// A result count outside the schema's 1...5, as a direct call may pass it: the nearest bound
  /// when read from content, no results (not a trap) when set negative on the value.
  @Test func aLimitOutsideItsRangeNeverTraps() async throws {
    var data = MokaData.load(now: MokaFixtures.now)
    data.location = (latitude: 45.0703, longitude: 7.6869)
    let read = try NearbyCafesTool.Arguments(GeneratedContent(json: #"{"need":"any","openNow":false,"limit":-1}"#))
    #expect(read.limit == 1)
    var places = read
    places.limit = -3
    #expect(try await NearbyCafesTool(data: data).call(arguments: places).places.isEmpty)
    var beans = try SearchBeansTool.Arguments(GeneratedContent(json: #"{"origin":"Kenya","notes":[],"limit":99}"#))
    #expect(beans.limit == 5)
    beans.limit = Int.min
    #expect(try await SearchBeansTool(data: data).call(arguments: beans).beans.isEmpty)
  }
}
